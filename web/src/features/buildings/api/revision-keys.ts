/**
 * The cache keys of a building's history and suggestions, without the calls (./revisions.ts loads
 * lazily with the dialogs; the building panel reads the pending count under the same key). Under
 * the buildings prefix: every building change refreshes them.
 */
import type { SuggestionStatus } from '#domain/revision-terms';
import { BUILDINGS_QUERY_PREFIX } from '../../../lib/query-keys.ts';

export const revisionKeys = {
  history: (id: number, page: number) => [BUILDINGS_QUERY_PREFIX, 'revisions', id, page] as const,
  suggestions: (id: number, status: SuggestionStatus) =>
    [BUILDINGS_QUERY_PREFIX, 'suggestions', id, status] as const,
  mine: (handle: string, page: number) => [BUILDINGS_QUERY_PREFIX, 'user-suggestions', handle, page] as const,
};

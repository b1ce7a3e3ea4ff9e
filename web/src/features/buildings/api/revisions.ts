/**
 * A building's history and suggested edits (domain/endpoints/revisions.ts). Loaded only with the
 * History, Suggestions and Suggest an edit dialogs, the pending count of a reviewer's Suggestions
 * button and the user's own suggestions, never with the building page itself.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { revisionEndpoints } from '#domain/endpoints/revisions';
import type { SuggestionBodyInput } from '#domain/revisions';
import { call } from '../../../lib/api-client.ts';
import { buildingKeys, buildingsQueryKey } from '../../../lib/query-keys.ts';

/** The pending suggestions of a building (first 50), for the Suggestions dialog and its count. */
export const fetchPendingSuggestions = (id: number, signal?: AbortSignal) =>
  call(revisionEndpoints.suggestions, { params: { id }, query: { status: 'pending', per_page: 50 }, signal });

/** GET /api/buildings/{id}/revisions?page=…: newest first; the previous page stays while the next loads. */
export const revisionsQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: buildingKeys.revisions(id, page),
    queryFn: ({ signal }) => call(revisionEndpoints.list, { params: { id }, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/buildings/{id}/suggestions?status=pending (the owner and moderators). */
export const pendingSuggestionsQuery = (id: number) =>
  queryOptions({
    queryKey: buildingKeys.suggestions(id, 'pending'),
    queryFn: ({ signal }) => fetchPendingSuggestions(id, signal),
  });

/** GET /api/users/{handle}/suggestions?page=…: the user's own suggestions with their outcome. */
export const mySuggestionsQuery = (handle: string, page: number) =>
  queryOptions({
    queryKey: buildingKeys.userSuggestions(handle, page),
    queryFn: ({ signal }) =>
      call(revisionEndpoints.userSuggestions, { params: { handle }, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

/** A write that changes buildings: afterwards every cached building query is refreshed. */
function useBuildingWrite<V, R>(write: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buildingsQueryKey }),
  });
}

/** POST /api/buildings/{id}/suggestions with the fields that change. */
export const useSuggestEdit = () =>
  useBuildingWrite(({ id, body }: { id: number; body: SuggestionBodyInput }) =>
    call(revisionEndpoints.suggest, { params: { id }, body }),
  );

/** POST /api/buildings/{id}/suggestions/{sid}/accept | reject. */
export const useReviewSuggestion = () =>
  useBuildingWrite(({ id, sid, decision }: { id: number; sid: number; decision: 'accept' | 'reject' }) =>
    call(decision === 'accept' ? revisionEndpoints.accept : revisionEndpoints.reject, {
      params: { id, sid },
    }),
  );

/** POST /api/buildings/{id}/revisions/{rid}/revert. */
export const useRevert = () =>
  useBuildingWrite(({ id, rid }: { id: number; rid: number }) =>
    call(revisionEndpoints.revert, { params: { id, rid } }),
  );

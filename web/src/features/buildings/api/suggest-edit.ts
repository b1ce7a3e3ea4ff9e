import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuggestionBodyInput } from '#domain/revisions';
import { buildingsQueryKey } from '../../../lib/query-keys.ts';

/**
 * Sends a suggested edit (POST /api/buildings/{id}/suggestions). The call and its schemas load at
 * the first sending, so the edit form its owner opens loads nothing of suggestions.
 */
export function useSuggestEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: { id: number; body: SuggestionBodyInput }) =>
      (await import('./revisions.ts')).suggestEdit(vars),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buildingsQueryKey }),
  });
}

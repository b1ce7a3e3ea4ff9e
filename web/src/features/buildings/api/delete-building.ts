import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildingEndpoints } from '#domain/endpoints/buildings';
import { call } from '../../../lib/api-client.ts';
import { buildingsQueryKey } from '../../../lib/query-keys.ts';
import { buildingQueryOptions } from './get-building.ts';

/** DELETE /api/buildings/{id} (product §7). */
export async function deleteBuilding(id: number): Promise<void> {
  await call(buildingEndpoints.remove, { params: { id } });
}

/**
 * Deletes a building, forgets its detail (so no one refetches a 404) and refreshes the cached
 * building lists. `onDeleted` runs first: the page leaves the building before the refresh.
 */
export function useDeleteBuilding(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBuilding,
    onSuccess: async (_data, id) => {
      onDeleted();
      queryClient.removeQueries({ queryKey: buildingQueryOptions(id).queryKey, exact: true });
      await queryClient.invalidateQueries({ queryKey: buildingsQueryKey });
    },
  });
}

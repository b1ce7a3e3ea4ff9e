import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateBuildingBody } from '#domain/building-write';
import { buildingEndpoints } from '#domain/endpoints/buildings';
import { call } from '../../../lib/api-client.ts';
import { buildingsQueryKey } from '../../../lib/query-keys.ts';

/** PUT /api/buildings/{id} with the building body including its id (product §7). */
export async function updateBuilding(body: UpdateBuildingBody): Promise<void> {
  await call(buildingEndpoints.update, { params: { id: body.id }, body });
}

/** Saving refreshes every cached building query: the panel, the map and the cards (product §7). */
export function useUpdateBuilding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBuilding,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buildingsQueryKey }),
  });
}

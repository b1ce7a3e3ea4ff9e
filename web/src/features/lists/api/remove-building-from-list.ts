import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { List } from '#domain/lists';
import { listEndpoints } from '#domain/endpoints/lists';
import { call } from '../../../lib/api-client.ts';
import { storeList } from './list-cache.ts';

export interface RemoveBuildingInput {
  listId: number;
  buildingId: number;
}

/** DELETE /api/lists/{list_id}/buildings/{building_id}: the list after the change. */
export async function removeBuildingFromList({ listId, buildingId }: RemoveBuildingInput): Promise<List> {
  return call(listEndpoints.removeBuilding, { params: { list_id: listId, building_id: buildingId } });
}

export function useRemoveBuildingFromList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBuildingFromList,
    onSuccess: (list) => storeList(queryClient, list),
  });
}

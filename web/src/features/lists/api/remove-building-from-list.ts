import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { List } from '#domain/lists';
import { apiRequest } from '../../../lib/api-client.ts';
import { storeList } from './list-cache.ts';

export interface RemoveBuildingInput {
  listId: number;
  buildingId: number;
}

/** DELETE /api/lists/{list_id}/buildings/{building_id}: the list after the change. */
export async function removeBuildingFromList({ listId, buildingId }: RemoveBuildingInput): Promise<List> {
  const list = await apiRequest<List>(`/lists/${listId}/buildings/${buildingId}`, {
    method: 'DELETE',
    credentials: true,
  });
  if (!list) throw new Error('Empty answer from removing a building from a list');
  return list;
}

export function useRemoveBuildingFromList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBuildingFromList,
    onSuccess: (list) => storeList(queryClient, list),
  });
}

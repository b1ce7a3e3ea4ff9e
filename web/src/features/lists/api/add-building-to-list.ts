import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { List } from '#domain/lists';
import { listEndpoints } from '#domain/endpoints/lists';
import { call } from '../../../lib/api-client.ts';
import { storeList } from './list-cache.ts';

/** POST /api/lists/{list_id}/buildings {buildingId}: the list after the change (idempotent). */
export async function addBuildingToList(listId: number, buildingId: number): Promise<List> {
  return call(listEndpoints.addBuilding, { params: { list_id: listId }, body: { buildingId } });
}

export interface AddToListsResult {
  /** The lists as the server answered after adding. */
  added: List[];
  /** The lists that refused (or failed); the others keep the building. */
  failed: List[];
}

/** Adds the building to each list, all at once; one failure does not undo the others. */
export async function addBuildingToLists(
  lists: readonly List[],
  buildingId: number,
): Promise<AddToListsResult> {
  const results = await Promise.allSettled(lists.map((list) => addBuildingToList(list.id, buildingId)));
  const added: List[] = [];
  const failed: List[] = [];
  results.forEach((result, i) => {
    const list = lists[i];
    if (!list) return;
    if (result.status === 'fulfilled') added.push(result.value);
    else {
      console.error(`Adding building ${buildingId} to list ${list.id} failed`, result.reason);
      failed.push(list);
    }
  });
  return { added, failed };
}

export function useAddBuildingToLists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lists, buildingId }: { lists: readonly List[]; buildingId: number }) =>
      addBuildingToLists(lists, buildingId),
    onSuccess: ({ added }) => {
      for (const list of added) storeList(queryClient, list);
    },
  });
}

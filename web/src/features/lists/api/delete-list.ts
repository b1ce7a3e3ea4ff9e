import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { List } from '#domain/lists';
import { listEndpoints } from '#domain/endpoints/lists';
import { call } from '../../../lib/api-client.ts';
import { forgetList } from './list-cache.ts';

/** DELETE /api/lists/{id}: 204. */
export async function deleteList(listId: number): Promise<void> {
  await call(listEndpoints.remove, { params: { id: listId } });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (list: List) => deleteList(list.id),
    onSuccess: (_data, list) => forgetList(queryClient, list.owner.handle, list.id),
  });
}

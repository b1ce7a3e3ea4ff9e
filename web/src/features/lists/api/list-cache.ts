import type { QueryClient } from '@tanstack/react-query';
import type { List } from '#domain/lists';
import { withList, withoutList } from '../model/lists.ts';
import { listsQueryKey, userListsQueryKey } from './get-user-lists.ts';

/**
 * Writes the server's answer into the owner's cached lists at once, then marks every list query
 * stale (another page may show the same list) without refetching what is on screen now.
 */
export function storeList(queryClient: QueryClient, list: List): void {
  queryClient.setQueryData<List[]>(userListsQueryKey(list.owner.handle), (old) =>
    old ? withList(old, list) : old,
  );
  void queryClient.invalidateQueries({ queryKey: listsQueryKey, refetchType: 'none' });
}

export function forgetList(queryClient: QueryClient, ownerHandle: string, listId: number): void {
  queryClient.setQueryData<List[]>(userListsQueryKey(ownerHandle), (old) =>
    old ? withoutList(old, listId) : old,
  );
  void queryClient.invalidateQueries({ queryKey: listsQueryKey, refetchType: 'none' });
}

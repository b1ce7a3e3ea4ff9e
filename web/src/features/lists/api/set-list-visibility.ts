import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { List } from '#domain/lists';
import { apiRequest } from '../../../lib/api-client.ts';
import { storeList } from './list-cache.ts';

export interface SetListVisibilityInput {
  listId: number;
  isPublic: boolean;
}

/** PUT /api/lists/{id} {is_public}: the changed list (product §4: public or private, owner only). */
export async function setListVisibility({ listId, isPublic }: SetListVisibilityInput): Promise<List> {
  const list = await apiRequest<List>(`/lists/${listId}`, {
    method: 'PUT',
    body: { is_public: isPublic },
    credentials: true,
  });
  if (!list) throw new Error('Empty answer from changing a list');
  return list;
}

export function useSetListVisibility() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setListVisibility, onSuccess: (list) => storeList(queryClient, list) });
}

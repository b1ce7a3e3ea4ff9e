import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { List } from '#domain/lists';
import { listEndpoints } from '#domain/endpoints/lists';
import { call } from '../../../lib/api-client.ts';
import { storeList } from './list-cache.ts';

export interface SetListVisibilityInput {
  listId: number;
  isPublic: boolean;
}

/** PUT /api/lists/{id} {is_public}: the changed list (product §4: public or private, owner only). */
export async function setListVisibility({ listId, isPublic }: SetListVisibilityInput): Promise<List> {
  return call(listEndpoints.setPublic, { params: { id: listId }, body: { is_public: isPublic } });
}

export function useSetListVisibility() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setListVisibility, onSuccess: (list) => storeList(queryClient, list) });
}

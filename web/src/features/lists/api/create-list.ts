import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { List } from '#domain/lists';
import { listEndpoints } from '#domain/endpoints/lists';
import { call } from '../../../lib/api-client.ts';
import { storeList } from './list-cache.ts';

export interface CreateListInput {
  name: string;
  is_public: boolean;
}

/** POST /api/lists/ {name, is_public}: 201 with the new list. */
export async function createList(input: CreateListInput): Promise<List> {
  return call(listEndpoints.create, { body: input });
}

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createList, onSuccess: (list) => storeList(queryClient, list) });
}

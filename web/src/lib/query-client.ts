import { QueryClient } from '@tanstack/react-query';
import { QUERY_GC_TIME_MS } from '#domain/constants';
import { isClientError } from './api-client.ts';

const MAX_RETRIES = 2;

/**
 * Retry server and network failures twice; a 4xx will not change on retry, except 429: the map and
 * the card list share one per-IP budget (docs/api.md), and a map answer refused for a moment
 * must not leave 'Error loading map data' beside a list that loaded.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isClientError(error) && error.status !== 429) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

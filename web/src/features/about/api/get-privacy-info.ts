import { queryOptions, useQuery } from '@tanstack/react-query';
import { privacyEndpoints } from '#domain/endpoints/privacy';
import type { PrivacyInfo } from '#domain/privacy';
import { call } from '../../../lib/api-client.ts';
import { privacyInfoQueryKey } from '../../../lib/query-keys.ts';

/** GET /api/privacy: the operator's contact and the session lifetime the privacy page quotes. */
export function getPrivacyInfo(signal?: AbortSignal): Promise<PrivacyInfo> {
  return call(privacyEndpoints.info, { signal });
}

export const privacyInfoQueryOptions = () =>
  queryOptions({
    queryKey: privacyInfoQueryKey,
    queryFn: ({ signal }) => getPrivacyInfo(signal),
    staleTime: 5 * 60 * 1000,
  });

export function usePrivacyInfo() {
  return useQuery(privacyInfoQueryOptions());
}

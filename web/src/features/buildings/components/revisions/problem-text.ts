import { ApiError } from '../../../../lib/api-client.ts';

/** What a failed review or revert tells the user: the server's problem detail, or `fallback`. */
export function problemText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.problem?.detail ? error.problem.detail : fallback;
}

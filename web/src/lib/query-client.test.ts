import { describe, expect, it } from 'vitest';
import { ApiError, TimeoutError } from './api-client.ts';
import { createQueryClient, shouldRetry } from './query-client.ts';

describe('query client', () => {
  it('keeps unused data 60 s (product §7)', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(60_000);
  });

  it('does not retry a 4xx answer', () => {
    expect(shouldRetry(0, new ApiError(404, null))).toBe(false);
    expect(shouldRetry(0, new ApiError(400, null))).toBe(false);
  });

  it('retries a 429 (the map and the list share one budget) twice', () => {
    expect(shouldRetry(0, new ApiError(429, null))).toBe(true);
    expect(shouldRetry(2, new ApiError(429, null))).toBe(false);
  });

  it('retries server errors and timeouts twice', () => {
    expect(shouldRetry(0, new ApiError(503, null))).toBe(true);
    expect(shouldRetry(1, new TimeoutError(5000))).toBe(true);
    expect(shouldRetry(2, new TimeoutError(5000))).toBe(false);
  });
});

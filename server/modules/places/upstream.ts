/** HTTP calls to place services: a time limit, and one error type for every failure. */
/** The place service failed, timed out or answered something unreadable. */
export class PlacesUpstreamError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'PlacesUpstreamError';
  }
}

export interface UpstreamOptions {
  timeoutMs: number;
  userAgent: string;
}

/** JSON from a place service; any failure becomes a PlacesUpstreamError. */
export async function fetchJson(url: string, init: RequestInit, opts: UpstreamOptions): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', 'user-agent': opts.userAgent, ...init.headers },
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new PlacesUpstreamError(
      timedOut ? `no answer within ${opts.timeoutMs} ms` : `request failed: ${String(err)}`,
    );
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw new PlacesUpstreamError(`reading the answer failed: ${String(err)}`, res.status);
  }
  if (!res.ok) throw new PlacesUpstreamError(`HTTP ${res.status}: ${text.slice(0, 300)}`, res.status);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new PlacesUpstreamError('the answer is not JSON', res.status);
  }
}

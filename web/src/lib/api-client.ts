import { REQUEST_TIMEOUT_MS } from '#domain/constants';
import {
  API_PREFIX,
  endpointPath,
  type EndpointSpec,
  type InputArgs,
  type RequestBody,
  type SuccessBody,
  type UrlInput,
} from '#domain/endpoints/define';
import type { Problem } from '#domain/problem';
import { currentLanguage } from './i18n.ts';

/** Problem JSON plus any extra members (a 409 on a duplicate building carries building_id). */
export type ProblemBody = Problem & Record<string, unknown>;

/** A non-2xx answer: the message is the product's 'HTTP error! status: {status}', the problem JSON rides along. */
export class ApiError extends Error {
  readonly status: number;
  /**
   * RFC 9457 problem body when the server sent one; `detail` is the text a user may see, in the
   * page's language when the catalogue has it (problem-text.ts).
   */
  readonly problem: ProblemBody | null;

  constructor(status: number, problem: ProblemBody | null) {
    super(`HTTP error! status: ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
  }
}

/** The request did not answer within its time limit. */
export class TimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`Request timed out after ${timeoutMs}ms`);
    this.name = 'TimeoutError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON when defined. */
  body?: unknown;
  /** Send cookies (the session) with the request. */
  credentials?: boolean;
  /** Defaults to REQUEST_TIMEOUT_MS (5000 ms, product §7). */
  timeoutMs?: number;
  /** Caller's cancellation, e.g. TanStack Query's signal. */
  signal?: AbortSignal;
  /** Defaults to API_PREFIX; tests outside a browser pass an absolute URL. */
  baseUrl?: string;
}

const DEFAULT_BASE_URL = API_PREFIX;

/** Fetches JSON under API_PREFIX. A 204 answer resolves to null. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T | null> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) controller.abort(options.signal.reason);
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  try {
    const response = await fetch(`${options.baseUrl ?? DEFAULT_BASE_URL}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: options.credentials ? 'include' : 'same-origin',
      signal: controller.signal,
    });
    if (!response.ok) throw new ApiError(response.status, await readProblem(response));
    if (response.status === 204) return null;
    return (await response.json()) as T;
  } catch (error) {
    if (timedOut) throw new TimeoutError(timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** GET for endpoints that always answer with a body. */
export async function apiGet<T>(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  const data = await apiRequest<T>(path, { ...options, method: 'GET' });
  if (data === null) throw new Error(`Expected a response body from ${path}`);
  return data;
}

/** The answer's problem JSON; null for any other body (an HTML error page fails to parse). */
async function readProblem(response: Response): Promise<ProblemBody | null> {
  try {
    const body: unknown = await response.json();
    if (!isProblem(body)) return null;
    // Its texts in the page's language, translated as the answer arrives: the language never
    // changes under a rendered page (i18n.ts), so this is the text every screen shows. The
    // translator (problem-text.ts) is a chunk of its own that English pages never load.
    return currentLanguage() === 'en'
      ? body
      : await (await import('./problem-text.ts')).translateProblem(body);
  } catch {
    return null;
  }
}

function isProblem(value: unknown): value is ProblemBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.title === 'string' && typeof v.status === 'number';
}

/** True for an answer the client caused (4xx): retrying will not help. */
export function isClientError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * What one call of an endpoint takes: its path params, query and body as the description types
 * them (the query from the same schema the server validates it with; domain/endpoints/define.ts).
 */
export type CallInput<E extends EndpointSpec> = UrlInput<E> &
  (E extends { body: unknown } ? { body: RequestBody<E> } : { body?: undefined }) & {
    signal?: AbortSignal;
    timeoutMs?: number;
    baseUrl?: string;
  };

/**
 * Calls an endpoint of domain/endpoints: the method and path come from its description, the
 * answer is typed by its success response (null for a 204). The session is sent to endpoints
 * whose answer depends on it (auth 'required' or 'optional').
 */
export async function call<const E extends EndpointSpec>(
  endpoint: E,
  ...[input]: InputArgs<CallInput<E>>
): Promise<SuccessBody<E>> {
  const { body, signal, timeoutMs, baseUrl } = (input ?? {}) as {
    body?: unknown;
    signal?: AbortSignal;
    timeoutMs?: number;
    baseUrl?: string;
  };
  // The input is this endpoint's, as CallInput<E> typed it; endpointPath reads its params and query.
  const path = endpointPath(endpoint, ...([input] as InputArgs<UrlInput<E>>));
  const data = await apiRequest<SuccessBody<E>>(path, {
    method: endpoint.method,
    body,
    credentials: endpoint.auth !== 'none',
    signal,
    timeoutMs,
    baseUrl,
  });
  if (data === null && !(204 in endpoint.responses)) {
    throw new Error(`Expected a response body from ${endpoint.method} ${endpoint.path}`);
  }
  return data as SuccessBody<E>;
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { buildingEndpoints } from '#domain/endpoints/buildings';
import { searchEndpoints } from '#domain/endpoints/search';
import { defineEndpoint, type EndpointQuery } from '#domain/endpoints/define';
import type { imageEndpoints } from '#domain/endpoints/images';
import { integerParam } from '#domain/query-params';
import { ApiError, TimeoutError, apiGet, apiRequest, call } from './api-client.ts';

// A real HTTP server on a free port: the client is tested against real sockets, not a fetch mock.
let server: Server;
let baseUrl: string;
const hanging = new Set<ServerResponse>();
const seen: { method?: string; body?: string; contentType?: string } = {};

function handle(req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '';
  if (url === '/api/buildings/1') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ id: 1, name: 'Fallingwater' }));
  } else if (url === '/api/nothing') {
    res.writeHead(204);
    res.end();
  } else if (url === '/api/echo') {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      Object.assign(seen, { method: req.method, body, contentType: req.headers['content-type'] });
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.end(body);
    });
  } else if (url.startsWith('/api/echo-url/')) {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ method: req.method, url }));
  } else if (url === '/api/plain-error') {
    res.writeHead(502, { 'Content-Type': 'text/html' });
    res.end('<h1>Bad gateway</h1>');
  } else if (url === '/api/hang') {
    hanging.add(res); // never answers
  } else {
    res.writeHead(404, { 'Content-Type': 'application/problem+json' });
    res.end(
      JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'Building not found' }),
    );
  }
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}/api`;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('apiRequest (product §7: JSON under /api, 5000 ms timeout, 204 is empty)', () => {
  it('returns the parsed JSON of a 2xx answer', async () => {
    await expect(apiGet('/buildings/1', { baseUrl })).resolves.toEqual({ id: 1, name: 'Fallingwater' });
  });

  it('resolves a 204 to null', async () => {
    await expect(apiRequest('/nothing', { baseUrl })).resolves.toBeNull();
  });

  it('sends a JSON body with its content type', async () => {
    const result = await apiRequest('/echo', { baseUrl, method: 'POST', body: { name: 'Villa Savoye' } });
    expect(result).toEqual({ name: 'Villa Savoye' });
    expect(seen).toEqual({
      method: 'POST',
      body: '{"name":"Villa Savoye"}',
      contentType: 'application/json',
    });
  });

  it("fails a 404 with 'HTTP error! status: 404' carrying the problem JSON", async () => {
    const error: unknown = await apiRequest('/buildings/999', { baseUrl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe('HTTP error! status: 404');
    expect(apiError.status).toBe(404);
    expect(apiError.problem).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Building not found',
    });
  });

  it('keeps problem null when the error body is not problem JSON', async () => {
    const error = (await apiRequest('/plain-error', { baseUrl }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('HTTP error! status: 502');
    expect(error.problem).toBeNull();
  });

  it("fails with 'Request timed out after {n}ms' when the server never answers", async () => {
    const started = Date.now();
    const error: unknown = await apiRequest('/hang', { baseUrl, timeoutMs: 150 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe('Request timed out after 150ms');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("passes on the caller's abort as an abort, not a timeout", async () => {
    const controller = new AbortController();
    const pending = apiRequest('/hang', { baseUrl, signal: controller.signal, timeoutMs: 5000 });
    controller.abort();
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('call (the method and path come from the endpoint description)', () => {
  const echoUrl = defineEndpoint('PATCH', '/echo-url/:handle/lists/:id', {
    auth: 'none',
    query: z.object({
      q: z.string().optional(),
      page: integerParam('page').optional(),
      tags: z.string().optional(),
    }),
    body: z.object({ name: z.string() }),
    responses: { 200: z.object({ method: z.string(), url: z.string() }) },
  });
  const nothing = defineEndpoint('DELETE', '/nothing', { auth: 'required', responses: { 204: z.null() } });

  it('fills the path params (URI-encoded) and sends the query, method and body', async () => {
    const answer = await call(echoUrl, {
      params: { handle: 'a b/c', id: 7 },
      query: { q: 'x y', page: 2, tags: undefined },
      body: { name: 'Villa Savoye' },
      baseUrl,
    });
    expect(answer).toEqual({ method: 'PATCH', url: '/api/echo-url/a%20b%2Fc/lists/7?q=x+y&page=2' });
  });

  it('answers the success body of a described endpoint', async () => {
    await expect(call(buildingEndpoints.get, { params: { id: 1 }, baseUrl })).resolves.toEqual({
      id: 1,
      name: 'Fallingwater',
    });
  });

  it('resolves a 204 to null and fails other answers with ApiError', async () => {
    await expect(call(nothing, { baseUrl })).resolves.toBeNull();
    const error: unknown = await call(buildingEndpoints.get, { params: { id: 999 }, baseUrl }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
  });
});

describe("call's query is typed by the endpoint's own query schema (the one the server validates)", () => {
  // Type-level checks: the typecheck covers this file, so each @ts-expect-error line must fail
  // to compile; none of these calls runs.
  const neverCalled = (): void => {
    // The card list's filters by their names, as numbers and lists (written as the schema reads them)…
    void call(buildingEndpoints.list, { query: { archStyles: [3, 7], builtAfterDate: 1900, page: 2 } });
    // …or as the text the server reads.
    void call(buildingEndpoints.list, { query: { archStyles: '3,7', sort_order: 'asc' } });
    // @ts-expect-error a misspelt filter name does not compile
    void call(buildingEndpoints.list, { query: { archStyle: [3, 7] } });
    // @ts-expect-error a value outside the schema's enum does not compile
    void call(buildingEndpoints.list, { query: { sort_order: 'up' } });
    // @ts-expect-error a list of texts where the schema reads ids does not compile
    void call(buildingEndpoints.list, { query: { archStyles: ['gothic'] } });
    // @ts-expect-error the search needs its text: the schema requires q
    void call(searchEndpoints.search, { query: { limit: 5 } });
    // @ts-expect-error the search needs its query at all
    void call(searchEndpoints.search, {});
    // @ts-expect-error an endpoint without a query schema takes no query
    void call(buildingEndpoints.get, { params: { id: 1 }, query: { page: 1 } });
  };
  it('types each member from the schema: its text, or the value it reads it into', () => {
    expectTypeOf(neverCalled).toBeFunction();
    expectTypeOf<EndpointQuery<typeof imageEndpoints.list>['page']>().toEqualTypeOf<
      string | number | undefined
    >();
    expectTypeOf<EndpointQuery<typeof imageEndpoints.list>['userVoteType']>().toEqualTypeOf<
      'smile' | 'meh' | 'frown' | '1' | '0' | '-1' | 1 | 0 | -1 | undefined
    >();
    expectTypeOf<EndpointQuery<typeof buildingEndpoints.geojson>['archStyles']>().toEqualTypeOf<
      string | readonly number[] | undefined
    >();
    expectTypeOf<EndpointQuery<typeof searchEndpoints.search>['q']>().toEqualTypeOf<string>();
  });

  it('sends the query the way the server reads it', async () => {
    const search = defineEndpoint('GET', '/echo-url/search', {
      auth: 'none',
      query: buildingEndpoints.list.query,
      responses: { 200: z.object({ method: z.string(), url: z.string() }) },
    });
    const answer = await call(search, {
      query: {
        north: 52.5,
        south: 51,
        east: 0.5,
        west: -0.5,
        archStyles: [2, 9],
        builtBeforeDate: undefined,
        page: 3,
      },
      baseUrl,
    });
    expect(answer.url).toBe(
      '/api/echo-url/search?north=52.5&south=51&east=0.5&west=-0.5&archStyles=2%2C9&page=3',
    );
  });
});

/**
 * The API is its description: every /api route the app serves was registered
 * from domain/endpoints, every description is served, and the one auth hook answers 401 to a
 * signed-out request before anything of it is validated, whatever the module.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { apiPath, fillPath, API_PREFIX } from '#domain/endpoints/define';
import { allEndpoints } from '#domain/endpoints/index';
import { createTestApp } from '../test/test-app.ts';
import { apiOperations, openApiDoc } from '../test/openapi.ts';

const t = await createTestApp({ SEED: 'false', AUTH_RATE_LIMIT: '100000' });
afterAll(async () => t.close());

/** '/api/lists/:list_id/buildings' as the OpenAPI document writes it: '/api/lists/{list_id}/buildings'. */
const openApiPath = (path: string) =>
  path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}').replace(/\*$/, '{*}');

const described = Object.entries(allEndpoints);

describe('endpoints described once', () => {
  it('every documented /api operation comes from a description', () => {
    const fromDescriptions = new Set(described.map(([, e]) => `${e.method} ${openApiPath(apiPath(e))}`));
    const served = apiOperations(openApiDoc(t.app)).map((op) => `${op.method} ${op.path}`);
    expect(served.length).toBeGreaterThan(40);
    expect(served.filter((op) => !fromDescriptions.has(op))).toEqual([]);
  });

  it('every description is served, with its description in the route config', async () => {
    const missing = described.filter(([, e]) => !t.app.hasRoute({ method: e.method, url: apiPath(e) }));
    expect(missing.map(([name]) => name)).toEqual([]);
  });

  it('fills a path from its params and keeps the prefix in one place', () => {
    expect(fillPath('/lists/:list_id/buildings/:building_id', { list_id: 3, building_id: 7 })).toBe(
      '/lists/3/buildings/7',
    );
    expect(fillPath('/users/:handle', { handle: 'a b/c' })).toBe('/users/a%20b%2Fc');
    expect(apiPath({ path: '/search' })).toBe(`${API_PREFIX}/search`);
  });
});

describe("one auth rule: 401 before validation for auth 'required'", () => {
  const required = described.filter(([, e]) => e.auth === 'required');

  it('covers the writes of every module', () => {
    expect(required.length).toBeGreaterThan(20);
  });

  it.each(required)('%s: a signed-out request with bad params, query and body is a 401', async (_name, e) => {
    // Every path param 'x' (not an id), no query (required ones missing), a body of the wrong shape.
    const url = `${API_PREFIX}${e.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, 'x')}`;
    const res = await t.app.inject({
      method: e.method,
      url,
      ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { payload: { unexpected: [1] } }),
    });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

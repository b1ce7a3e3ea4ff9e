/**
 * Reads that may cost the server seconds have limits of their own per address and minute,
 * declared where each route is registered and on even where the general budgets are off (tests):
 * search (SEARCH_RATE_LIMIT), image lists (IMAGE_LIST_RATE_LIMIT) and the sitemap's pages. Over the limit: a 429 problem
 * with Retry-After; another address is not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { SITEMAP_RATE_LIMIT } from '../modules/pages/pages.routes.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
});
afterAll(async () => t?.close());

const get = (url: string, remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress });

describe.each([
  ['search', '/api/search?q=casa%20', () => t.config.searchRateLimit, 30],
  ['image lists', '/api/images/infinite-scroll?sortBy=popular&page=', () => t.config.imageListRateLimit, 60],
  ['sitemap pages', '/sitemap.xml?page=1&n=', () => SITEMAP_RATE_LIMIT, 30],
])('%s', (_name, url, limitOf, expected) => {
  it(`allows ${expected} a minute per address, then answers 429 with Retry-After`, async () => {
    const limit = limitOf();
    expect(limit).toBe(expected);
    const ip = `198.51.100.${expected + url.length}`;
    for (let i = 1; i <= limit; i++) expect((await get(`${url}${i}`, ip)).statusCode).toBe(200);
    const over = await get(`${url}${limit + 1}`, ip);
    expect(over.statusCode).toBe(429);
    expect(over.headers['content-type']).toMatch(/^application\/problem\+json/);
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(over.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
    expect((await get(`${url}1`, '203.0.113.99')).statusCode).toBe(200);
  });
});

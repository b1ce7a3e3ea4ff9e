import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertStyles } from '../../test/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  await insertStyles(t.app.db, ['Gothic', 'Art Deco', 'Brutalism']);
});
afterAll(async () => t?.close());

describe('GET /api/architectural_styles/', () => {
  it('lists every style with id and name, by name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/architectural_styles/' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ id: number; name: string }[]>();
    expect(body.map((s) => s.name)).toEqual(['Art Deco', 'Brutalism', 'Gothic']);
    for (const s of body) expect(Object.keys(s).sort()).toEqual(['id', 'name']);
  });
});

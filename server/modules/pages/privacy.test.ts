/**
 * GET /api/privacy: what the privacy page quotes, with the operator's contact (OPERATOR_CONTACT) and the sessions' lifetime.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function app(env: NodeJS.ProcessEnv = {}) {
  const t = await createTestApp({ SEED: 'false', PUBLIC_URL: 'https://atlas.example', ...env });
  apps.push(t);
  return t.app;
}

describe('GET /api/privacy', () => {
  it('says there is no contact until the operator sets one, and the default session lifetime', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/api/privacy' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ operator_contact: null, session_max_age_days: 30 });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it("gives the operator's contact and the configured session lifetime", async () => {
    const res = await (
      await app({ OPERATOR_CONTACT: 'privacy@atlas.example', SESSION_MAX_AGE_DAYS: '90' })
    ).inject({ method: 'GET', url: '/api/privacy' });
    expect(res.json()).toEqual({ operator_contact: 'privacy@atlas.example', session_max_age_days: 90 });
  });
});

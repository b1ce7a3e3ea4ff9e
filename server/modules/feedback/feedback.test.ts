import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FEEDBACK_BROWSER_INFO_MAX, FEEDBACK_PAGE_URL_MAX, type FeedbackInput } from '#domain/feedback';
import { feedback } from '../../db/schema.ts';
import { signIn } from '../../test/sessions.ts';
import { userId } from '../../test/targets.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let ada: { cookie: string };
let ip = 0;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  ada = await signIn(t.app, 'ada');
});
afterAll(async () => t?.close());

const valid: FeedbackInput = {
  title: 'Map is slow',
  description: 'Zooming out to the world takes a while.',
  type: 'bug',
  email: 'ada@example.com',
  page_url: 'http://localhost:3000/buildings/3',
  browser_info: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
};

/** Each call comes from a fresh IP unless told, so the per-IP limit only bites where tested. */
const send = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = `10.1.0.${++ip}`) =>
  t.app.inject({ method: 'POST', url: '/api/feedback', payload: payload as object, headers, remoteAddress });

const stored = async (id: number) => {
  const [row] = await t.app.db.select().from(feedback).where(eq(feedback.id, id));
  return row;
};

describe('POST /api/feedback', () => {
  it('stores feedback from a signed-out visitor with no user', async () => {
    const res = await send(valid);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: number }>();
    expect(await stored(id)).toMatchObject({ ...valid, user_id: null });
  });

  it('keeps the sender when signed in, and trims the texts', async () => {
    const res = await send(
      { ...valid, title: '  Idea  ', description: '\nMore styles\n', type: 'feature' },
      ada,
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await stored(res.json<{ id: number }>().id);
    expect(row).toMatchObject({
      user_id: await userId(t.app.db, 'ada'),
      title: 'Idea',
      description: 'More styles',
      type: 'feature',
    });
  });

  it('defaults the type to general and treats an empty email as none', async () => {
    const res = await send({
      title: 'Hi',
      description: 'Nice site',
      email: '',
      page_url: '',
      browser_info: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await stored(res.json<{ id: number }>().id)).toMatchObject({
      type: 'general',
      email: null,
      page_url: null,
      browser_info: null,
    });
  });

  it('accepts every feedback type', async () => {
    for (const type of ['bug', 'feature', 'ui', 'general', 'other']) {
      expect((await send({ ...valid, type })).statusCode, type).toBe(201);
    }
  });

  it('cuts page_url and browser_info to their maximum length, and replaces lone surrogates', async () => {
    const res = await send({
      ...valid,
      title: 'Bad bytes \uD800',
      page_url: `http://localhost/${'p'.repeat(3000)}`,
      browser_info: 'b'.repeat(5000),
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await stored(res.json<{ id: number }>().id);
    expect(row?.title).toBe('Bad bytes \uFFFD');
    expect(row?.page_url).toHaveLength(FEEDBACK_PAGE_URL_MAX);
    expect(row?.browser_info).toHaveLength(FEEDBACK_BROWSER_INFO_MAX);
  });

  it('refuses a NUL character (PostgreSQL text cannot hold it) and names the field', async () => {
    const res = await send({ ...valid, title: 'Bad\u0000 bytes' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ path: 'body.title' }] });
  });

  it('requires a title and a description, with the product description messages per field', async () => {
    const res = await send({ ...valid, title: '   ', description: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      errors: expect.arrayContaining([
        { path: 'body.title', message: 'Title is required' },
        { path: 'body.description', message: 'Description is required' },
      ]) as unknown,
    });
    const missing = await send({ type: 'bug' });
    expect(missing.json<{ detail: string }>().detail).toBe('Title is required; Description is required');
  });

  it('refuses an invalid email, an unknown type and over-long texts', async () => {
    const email = await send({ ...valid, email: 'not-an-email' });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toMatchObject({
      errors: [{ path: 'body.email', message: 'Please enter a valid email address' }],
    });
    const type = await send({ ...valid, type: 'rant' });
    expect(type.statusCode).toBe(400);
    expect(type.json()).toMatchObject({
      errors: [{ path: 'body.type', message: 'Type must be one of bug, feature, ui, general, other' }],
    });
    const long = await send({ ...valid, title: 't'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ detail: 'Title can have at most 200 characters' });
    expect((await send('not json', { 'content-type': 'application/json' })).statusCode).toBe(400);
  });

  it('refuses a cross-site submission', async () => {
    const res = await send(valid, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
  });

  it('rate-limits per IP: the sixth submission in a minute gets a 429 problem with Retry-After', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await send(valid, {}, '10.9.9.9');
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
      }
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await send(valid, {}, '10.9.9.10')).statusCode).toBe(201);
  });
});

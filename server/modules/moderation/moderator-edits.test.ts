/**
 * Moderators and admins edit and delete anyone's image and comment; the owner rules stay for
 * everyone else (a stranger 403, a visitor 401), and a moderator's change of someone else's content
 * is in the moderation log (the owner's own is not). Runs on PGlite, and on PostgreSQL with
 * TEST_DB_ENGINE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ModerationLogEntry } from '#domain/moderation';
import { comments, images } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding, insertComment, insertImage, userId } from '../../test/targets.ts';
import { setRoleByHandle } from './roles.service.ts';

let t: TestApp;
type Headers = { cookie: string };
let admin: Headers;
let mod: Headers;
let owner: Headers;
let stranger: Headers;
let buildingId = 0;
let ownerId = 0;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false', AUTH_RATE_LIMIT: '100000' });
  admin = await signIn(t.app, 'root');
  await setRoleByHandle(t.app.db, 'root', 'admin');
  mod = await signIn(t.app, 'mod');
  await setRoleByHandle(t.app.db, 'mod', 'moderator');
  owner = await signIn(t.app, 'ada');
  stranger = await signIn(t.app, 'bob');
  ownerId = await userId(t.app.db, 'ada');
  buildingId = await insertBuilding(t.app.db, 'Edited House', ownerId);
});
afterAll(async () => t?.close());

const log = async (): Promise<ModerationLogEntry[]> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/moderation/log?per_page=100', headers: mod });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: ModerationLogEntry[] }>().items;
};
const logged = async (action: string, type: string, id: number) =>
  (await log()).filter((e) => e.action === action && e.target_type === type && e.target_id === id);

const image = () => insertImage(t.app.db, buildingId, ownerId);
const comment = () =>
  insertComment(t.app.db, {
    user_id: ownerId,
    target_type: 'building',
    target_id: buildingId,
    content: 'Mine',
  });
const patchImage = (id: number, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PATCH', url: `/api/images/${id}`, headers, payload });
const del = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'DELETE', url, headers });
const putComment = (id: number, content: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: `/api/comments/${id}`, headers, payload: { content } });

describe("an image's fields", () => {
  const change = {
    image_type: 'interior',
    capture_year: 1999,
    description: 'The hall',
    author: 'A. Photographer',
  };

  it('a stranger gets 403 and a visitor 401, changing nothing', async () => {
    const id = await image();
    const before = await t.app.db.select().from(images).where(eq(images.id, id));
    expect((await patchImage(id, change, stranger)).statusCode).toBe(403);
    expect((await patchImage(id, change)).statusCode).toBe(401);
    expect(await t.app.db.select().from(images).where(eq(images.id, id))).toEqual(before);
  });

  it('the owner changes them, unlogged', async () => {
    const id = await image();
    const res = await patchImage(id, change, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ image_type: 'interior', capture_year: 1999, description: 'The hall' });
    expect(await logged('edit', 'image', id)).toEqual([]);
  });

  it.each([
    ['moderator', () => mod, 'mod'],
    ['admin', () => admin, 'root'],
  ])("a %s changes someone else's, logged with the fields", async (_who, headers, handle) => {
    const id = await image();
    const res = await patchImage(id, { image_type: 'detail', license: 'CC-BY-4.0' }, headers());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ image_type: 'detail', license: 'CC-BY-4.0' });
    const entries = await logged('edit', 'image', id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: { handle }, note: 'changed license, image_type' });
  });

  it('a moderator cannot narrow a licence either (400), nor send an empty change or a bad year', async () => {
    const id = await image();
    expect((await patchImage(id, { license: 'CC0-1.0' }, mod)).statusCode).toBe(200);
    expect((await patchImage(id, { license: 'CC-BY-4.0' }, mod)).statusCode).toBe(400);
    expect((await patchImage(id, {}, mod)).statusCode).toBe(400);
    expect((await patchImage(id, { capture_year: 3000 }, mod)).statusCode).toBe(400);
    expect((await patchImage(id, { image_type: 'selfie' }, mod)).statusCode).toBe(400);
  });
});

describe('deleting an image', () => {
  it('a stranger gets 403, a visitor 401; the image stays', async () => {
    const id = await image();
    expect((await del(`/api/images/${id}`, stranger)).statusCode).toBe(403);
    expect((await del(`/api/images/${id}`)).statusCode).toBe(401);
    expect(await t.app.db.select({ id: images.id }).from(images).where(eq(images.id, id))).toHaveLength(1);
  });

  it('the owner deletes it, unlogged; a moderator and an admin delete anyone’s, logged', async () => {
    const own = await image();
    expect((await del(`/api/images/${own}`, owner)).statusCode).toBe(204);
    expect(await logged('delete', 'image', own)).toEqual([]);
    for (const [headers, handle] of [
      [mod, 'mod'],
      [admin, 'root'],
    ] as const) {
      const id = await image();
      expect((await del(`/api/images/${id}`, headers)).statusCode).toBe(204);
      expect(await t.app.db.select().from(images).where(eq(images.id, id))).toEqual([]);
      const entries = await logged('delete', 'image', id);
      expect(entries.map((e) => e.actor?.handle)).toEqual([handle]);
    }
    expect((await del('/api/images/999999', mod)).statusCode).toBe(404);
  });
});

describe('comments', () => {
  it('a stranger gets 403 on edit and delete, a visitor 401; the comment stays', async () => {
    const id = await comment();
    expect((await putComment(id, 'Changed', stranger)).statusCode).toBe(403);
    expect((await putComment(id, 'Changed')).statusCode).toBe(401);
    expect((await del(`/api/comments/${id}`, stranger)).statusCode).toBe(403);
    expect((await del(`/api/comments/${id}`)).statusCode).toBe(401);
    const [row] = await t.app.db.select().from(comments).where(eq(comments.id, id));
    expect(row?.content).toBe('Mine');
  });

  it('the owner edits and deletes, unlogged', async () => {
    const id = await comment();
    expect((await putComment(id, 'Mine, edited', owner)).statusCode).toBe(200);
    expect((await del(`/api/comments/${id}`, owner)).statusCode).toBe(204);
    expect(await logged('edit', 'comment', id)).toEqual([]);
    expect(await logged('delete', 'comment', id)).toEqual([]);
  });

  it.each([
    ['moderator', () => mod, 'mod'],
    ['admin', () => admin, 'root'],
  ])("a %s edits and deletes someone else's, each logged", async (_who, headers, handle) => {
    const id = await comment();
    const edited = await putComment(id, '[removed by moderators]', headers());
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      content: '[removed by moderators]',
      edited: true,
      user_id: ownerId,
    });
    // The same text again changes nothing, and logs nothing.
    expect((await putComment(id, '[removed by moderators]', headers())).statusCode).toBe(200);
    expect((await logged('edit', 'comment', id)).map((e) => e.actor?.handle)).toEqual([handle]);
    expect((await del(`/api/comments/${id}`, headers())).statusCode).toBe(204);
    expect(await t.app.db.select().from(comments).where(eq(comments.id, id))).toEqual([]);
    expect((await logged('delete', 'comment', id)).map((e) => e.actor?.handle)).toEqual([handle]);
  });
});

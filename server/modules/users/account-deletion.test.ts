/**
 * DELETE /api/users/{handle}: who may, and what is left behind. After a deletion every counter
 * equals a recount from the rows it counts, no row names the account or a row that is gone, no
 * file of the account is on disk, and its handle is reserved for 30 days, then free. A crash (or a
 * storage failure) between the commit and the file removal is cleaned up by the purge job.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { HANDLE_RESERVED_DAYS } from '#domain/users';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/rows.ts';
import {
  buildings,
  feedback,
  fileDeletions,
  images,
  listBuildings,
  lists,
  previousHandles,
  reports,
  users,
  votes,
} from '../../db/schema.ts';
import type { LocalStorage } from '../../storage/local-storage.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding, insertComment, insertStyle, userId } from '../../test/targets.ts';
import { deleteAccount } from './account-deletion.service.ts';
import { changeHandle } from './users.service.ts';

let t: TestApp;
let db: Db;
let systemId: number;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  db = t.app.db;
  // The system account the account's buildings are credited to.
  const [system] = await db
    .insert(users)
    .values({ handle: 'atlas', is_system: true })
    .returning({ id: users.id });
  systemId = system!.id;
});
afterAll(async () => t?.close());

const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(db, query);
const mediaFile = (key: string) => (t.app.storage as LocalStorage).pathOf(key);
const exists = (key: string) =>
  fs.stat(mediaFile(key)).then(
    () => true,
    () => false,
  );

/** Runs the purge-file-deletions job as the scheduler would, to its end. */
const purge = async () => {
  const task = await t.app.queue.enqueue('purge-file-deletions', {});
  await expect
    .poll(() => t.app.queue.status(task, 'purge-file-deletions'), { timeout: 20_000 })
    .toBe('SUCCESS');
};

const remove = (handle: string, cookie?: string, query = '') =>
  t.app.inject({ method: 'DELETE', url: `/api/users/${handle}${query}`, headers: cookie ? { cookie } : {} });

const vote = (cookie: string, votable_type: string, votable_id: number, v: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/votes/${votable_type}`,
    headers: { cookie },
    payload: { votable_type, votable_id, vote: v },
  });

/** An image row of `addedBy`, ready, with its original and two renditions written to storage. */
async function storedImage(buildingId: number, addedBy: number): Promise<{ id: number; keys: string[] }> {
  const original = `originals/${buildingId}/${crypto.randomUUID()}.jpg`;
  const token = crypto.randomUUID();
  const renditions = {
    '400': `images/${buildingId}/${token}-400.webp`,
    '1600': `images/${buildingId}/${token}-1600.webp`,
  };
  const keys = [original, ...Object.values(renditions)];
  for (const key of keys) await t.app.storage.write(key, Buffer.from(`bytes of ${key}`), 'image/jpeg');
  const [row] = await db
    .insert(images)
    .values({
      building_id: buildingId,
      added_by: addedBy,
      status: 'ready',
      image_type: 'exterior',
      storage_key: original,
      file_ext: '.jpg',
      renditions,
    })
    .returning({ id: images.id });
  // As the thumbnail job leaves it: counted, and the cover when the building has none.
  await db.execute(sql`
    UPDATE buildings SET image_count = image_count + 1, cover_image_id = coalesce(cover_image_id, ${row!.id})
     WHERE id = ${buildingId}`);
  return { id: row!.id, keys };
}

/**
 * Every counter that differs from a recount of the rows it counts: vote counters of buildings,
 * images, styles and comments, reply counts, buildings' image counts, and covers that are not a
 * ready image of their building. Empty when all is consistent.
 */
async function countersOffRecount(): Promise<unknown[]> {
  const faces = (table: string, type: string) =>
    rows(sql`SELECT ${type} AS type, t.id FROM ${sql.identifier(table)} t
      WHERE t.upvotes <> (SELECT count(*) FROM votes v WHERE v.votable_type = ${type} AND v.votable_id = t.id AND v.vote = 1)
         OR t.meh_votes <> (SELECT count(*) FROM votes v WHERE v.votable_type = ${type} AND v.votable_id = t.id AND v.vote = 0)
         OR t.downvotes <> (SELECT count(*) FROM votes v WHERE v.votable_type = ${type} AND v.votable_id = t.id AND v.vote = -1)`);
  return [
    ...(await faces('buildings', 'building')),
    ...(await faces('images', 'image')),
    ...(await faces('architectural_styles', 'architectural_style')),
    ...(await rows(sql`SELECT 'comment' AS type, c.id FROM comments c
      WHERE c.upvotes <> (SELECT count(*) FROM votes v WHERE v.votable_type = 'comment' AND v.votable_id = c.id AND v.vote = 1)
         OR c.downvotes <> (SELECT count(*) FROM votes v WHERE v.votable_type = 'comment' AND v.votable_id = c.id AND v.vote = -1)
         OR c.reply_count <> (SELECT count(*) FROM comments r WHERE r.parent_id = c.id)`)),
    ...(await rows(sql`SELECT 'image_count' AS type, b.id FROM buildings b
      WHERE b.image_count <> (SELECT count(*) FROM images i WHERE i.building_id = b.id AND i.status = 'ready')`)),
    ...(await rows(sql`SELECT 'cover' AS type, b.id FROM buildings b
      WHERE (b.cover_image_id IS NULL AND EXISTS (SELECT 1 FROM images i WHERE i.building_id = b.id AND i.status = 'ready'))
         OR (b.cover_image_id IS NOT NULL AND NOT EXISTS (
               SELECT 1 FROM images i WHERE i.id = b.cover_image_id AND i.building_id = b.id AND i.status = 'ready'))`)),
  ];
}

/** Rows that name the account, or a vote, comment or placeholder whose target or reason is gone. */
async function orphansOf(id: number): Promise<Record<string, number>> {
  const [r] = await rows<Record<string, number>>(sql`SELECT
    (SELECT count(*)::int FROM votes WHERE user_id = ${id}) AS votes,
    (SELECT count(*)::int FROM comments WHERE user_id = ${id}) AS comments,
    (SELECT count(*)::int FROM images WHERE added_by = ${id}) AS images,
    (SELECT count(*)::int FROM lists WHERE user_id = ${id}) AS lists,
    (SELECT count(*)::int FROM sessions WHERE user_id = ${id}) AS sessions,
    (SELECT count(*)::int FROM buildings WHERE added_by = ${id}) AS buildings,
    (SELECT count(*)::int FROM feedback WHERE user_id = ${id}) AS feedback,
    (SELECT count(*)::int FROM reports WHERE reporter_id = ${id}) AS reports,
    (SELECT count(*)::int FROM places_usage WHERE user_id = ${id}) AS places_usage,
    (SELECT count(*)::int FROM previous_handles WHERE user_id = ${id}) AS previous_handles,
    (SELECT count(*)::int FROM users WHERE id = ${id}) AS users,
    (SELECT count(*)::int FROM votes v WHERE NOT EXISTS (
       SELECT 1 FROM buildings t WHERE v.votable_type = 'building' AND t.id = v.votable_id
       UNION ALL SELECT 1 FROM images t WHERE v.votable_type = 'image' AND t.id = v.votable_id
       UNION ALL SELECT 1 FROM comments t WHERE v.votable_type = 'comment' AND t.id = v.votable_id
       UNION ALL SELECT 1 FROM architectural_styles t
                  WHERE v.votable_type = 'architectural_style' AND t.id = v.votable_id)) AS orphan_votes,
    (SELECT count(*)::int FROM comments c WHERE NOT EXISTS (
       SELECT 1 FROM buildings t WHERE c.target_type = 'building' AND t.id = c.target_id
       UNION ALL SELECT 1 FROM images t WHERE c.target_type = 'image' AND t.id = c.target_id)) AS orphan_comments,
    (SELECT count(*)::int FROM comments WHERE deleted AND reply_count = 0) AS empty_placeholders`);
  return r!;
}

const NONE = {
  votes: 0,
  comments: 0,
  images: 0,
  lists: 0,
  sessions: 0,
  buildings: 0,
  feedback: 0,
  reports: 0,
  places_usage: 0,
  previous_handles: 0,
  users: 0,
  orphan_votes: 0,
  orphan_comments: 0,
  empty_placeholders: 0,
};

/**
 * An account with something of every kind, among other users' things: buildings (one others
 * contributed to, one not), images with files (one a cover) on another's building, votes of each
 * type, comments with and without replies, a reply, a list, feedback, reports, a session.
 */
async function busyAccount(handle: string) {
  const me = await signIn(t.app, handle);
  const other = await signIn(t.app, `${handle}_friend`);
  const id = await userId(db, handle);
  const otherId = await userId(db, `${handle}_friend`);
  const contributed = await insertBuilding(db, `${handle} contributed`, id);
  const alone = await insertBuilding(db, `${handle} alone`, id);
  const othersBuilding = await insertBuilding(db, `${handle} friend's`, otherId);
  const style = await insertStyle(db, `${handle} style`);
  const first = await storedImage(othersBuilding, id);
  const second = await storedImage(othersBuilding, id);
  const othersImage = await storedImage(othersBuilding, otherId);
  const aloneImage = await storedImage(alone, id);

  for (const [type, target, value] of [
    ['building', othersBuilding, 1],
    ['building', contributed, 0],
    ['image', othersImage.id, -1],
    ['image', first.id, 1],
    ['architectural_style', style, 1],
  ] as const) {
    expect((await vote(me.cookie, type, target, value)).statusCode).toBe(200);
  }
  expect((await vote(other.cookie, 'building', othersBuilding, -1)).statusCode).toBe(200);
  expect((await vote(other.cookie, 'image', first.id, 0)).statusCode).toBe(200);
  expect((await vote(other.cookie, 'architectural_style', style, 1)).statusCode).toBe(200);

  const post = async (cookie: string, url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const onOthers = { target_type: 'building', target_id: othersBuilding };
  const top = `/api/comments/building/${othersBuilding}`;
  // Top-level with another's reply: stays as a placeholder.
  const replied = await post(me.cookie, top, { content: 'mine, replied to' });
  const reply = await post(other.cookie, `/api/comments/${replied}/replies`, {
    ...onOthers,
    content: 'a reply',
  });
  // Top-level without replies, and with only its own reply: removed.
  await post(me.cookie, top, { content: 'mine alone' });
  const selfReplied = await post(me.cookie, top, { content: 'mine, self-replied' });
  await post(me.cookie, `/api/comments/${selfReplied}/replies`, { ...onOthers, content: 'my own reply' });
  // Another's comment with the account's reply: stays, one reply fewer.
  const othersComment = await post(other.cookie, top, { content: 'theirs' });
  await post(me.cookie, `/api/comments/${othersComment}/replies`, { ...onOthers, content: 'my reply' });
  await post(other.cookie, `/api/comments/${othersComment}/replies`, { ...onOthers, content: 'their reply' });
  // Another's deleted comment whose only reply is the account's: goes when the reply goes.
  const othersDeleted = await post(other.cookie, top, { content: 'theirs, deleted' });
  await post(me.cookie, `/api/comments/${othersDeleted}/replies`, { ...onOthers, content: 'my last reply' });
  expect(
    (await t.app.inject({ method: 'DELETE', url: `/api/comments/${othersDeleted}`, headers: other }))
      .statusCode,
  ).toBe(204);
  // Votes on comments, both ways.
  expect((await vote(me.cookie, 'comment', othersComment, 1)).statusCode).toBe(200);
  expect((await vote(other.cookie, 'comment', replied, -1)).statusCode).toBe(200);
  // Another's comment on the contributed building: it stays the catalogue's.
  await insertComment(db, { user_id: otherId, target_type: 'building', target_id: contributed });

  const [list] = await db.insert(lists).values({ user_id: id, name: 'Mine' }).returning({ id: lists.id });
  await db.insert(listBuildings).values({ list_id: list!.id, building_id: othersBuilding });
  await db
    .update(users)
    .set({ email: `${handle}@example.com` })
    .where(eq(users.id, id));
  await db.insert(feedback).values([
    { user_id: id, title: 'Hi', description: 'Signed in', email: `${handle}@example.com` },
    { user_id: null, title: 'Hi', description: 'Signed out', email: `${handle.toUpperCase()}@Example.com` },
  ]);
  await db.insert(reports).values([
    { target_type: 'building', target_id: othersBuilding, reason: 'incorrect', reporter_id: id },
    { target_type: 'user', target_id: id, reason: 'spam', reporter_id: otherId },
  ]);
  return {
    me,
    other,
    id,
    otherId,
    contributed,
    alone,
    othersBuilding,
    othersImage,
    reply,
    replied,
    othersComment,
    othersDeleted,
    keys: [...first.keys, ...second.keys, ...aloneImage.keys],
  };
}

describe('DELETE /api/users/{handle}: who may', () => {
  it('answers 401 signed out, 403 to another user, 404 for an unknown handle', async () => {
    const ann = await signIn(t.app, 'who_ann');
    await signIn(t.app, 'who_ben');
    const signedOut = await remove('who_ben');
    expect(signedOut.statusCode).toBe(401);
    const other = await remove('who_ben', ann.cookie);
    expect(other.statusCode).toBe(403);
    expect(other.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(other.json()).toMatchObject({ status: 403, detail: 'You can only delete your own account.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/who_ben' })).statusCode).toBe(200);
    expect((await remove('nobody_here_at_all', ann.cookie)).statusCode).toBe(404);
    expect((await remove('who_ben', ann.cookie, '?remove_buildings=maybe')).statusCode).toBe(400);
  });

  it('refuses a moderator, lets an admin delete another account, and no one the system account', async () => {
    const mod = await signIn(t.app, 'who_mod');
    const admin = await signIn(t.app, 'who_admin');
    await db.update(users).set({ role: 'moderator' }).where(eq(users.handle, 'who_mod'));
    await db.update(users).set({ role: 'admin' }).where(eq(users.handle, 'who_admin'));
    const cid = await signIn(t.app, 'who_cid');
    expect((await remove('who_cid', mod.cookie)).statusCode).toBe(403);
    expect((await remove('atlas', admin.cookie)).statusCode).toBe(403);
    const cidId = await userId(db, 'who_cid');
    const res = await remove('who_cid', admin.cookie);
    expect(res.statusCode, res.body).toBe(204);
    // In the moderation log, by id (the handle was the deleted account's).
    const log = await t.app.inject({ method: 'GET', url: '/api/moderation/log', headers: admin });
    expect(log.json<{ items: unknown[] }>().items).toContainEqual(
      expect.objectContaining({
        actor: { handle: 'who_admin' },
        action: 'delete_account',
        target_type: 'user',
        target_id: cidId,
      }),
    );
    // The admin stays signed in; the deleted account's session is over.
    expect(res.cookies).toEqual([]);
    const check = await t.app.inject({ method: 'GET', url: '/api/auth/check-login', headers: cid });
    expect(check.json()).toMatchObject({ logged_in: false });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/check-login', headers: admin })).json(),
    ).toMatchObject({
      logged_in: true,
    });
  });
});

describe('DELETE /api/users/{handle}: what is left', () => {
  it('leaves every counter equal to a recount, no orphan row and no file, buildings credited to the system account', async () => {
    const a = await busyAccount('del_ada');
    expect(await countersOffRecount()).toEqual([]);
    for (const key of a.keys) expect(await exists(key)).toBe(true);

    const res = await remove('del_ada', a.me.cookie);
    expect(res.statusCode, res.body).toBe(204);
    // Signed out: the cookie is cleared and the session is gone.
    expect(res.cookies.find((c) => c.value === '')).toBeDefined();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/check-login', headers: a.me })).json(),
    ).toMatchObject({ logged_in: false });

    expect(await countersOffRecount()).toEqual([]);
    expect(await orphansOf(a.id)).toEqual(NONE);
    for (const key of a.keys) expect(await exists(key), key).toBe(false);
    expect(await db.select().from(fileDeletions)).toEqual([]);
    // Another's image and its files are untouched.
    for (const key of a.othersImage.keys) expect(await exists(key)).toBe(true);

    // Both buildings stay without remove_buildings, the system account's now.
    const kept = await db
      .select({ id: buildings.id, added_by: buildings.added_by })
      .from(buildings)
      .where(sql`${buildings.id} IN (${a.contributed}, ${a.alone})`);
    expect(kept.map((b) => b.added_by)).toEqual([systemId, systemId]);

    // Comments: the replied-to one is a placeholder with the other's reply; the rest are gone.
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/comments/building/${a.othersBuilding}?per_page=50`,
    });
    expect(thread.statusCode, thread.body).toBe(200);
    const items = thread.json<{
      items: { id: number; deleted: boolean; content: string; reply_count: number }[];
    }>().items;
    expect(items.map((c) => [c.id, c.deleted, c.content, c.reply_count]).sort()).toEqual(
      [
        [a.replied, true, '', 1],
        [a.othersComment, false, 'theirs', 1],
      ].sort(),
    );
    // The other's vote on the placeholder stays; the account's vote on the other's comment is gone.
    expect(
      await db
        .select({ v: votes.vote })
        .from(votes)
        .where(sql`${votes.votable_type} = 'comment' AND ${votes.votable_id} = ${a.replied}`),
    ).toEqual([{ v: -1 }]);

    // Feedback stays without the email, whichever way it was sent.
    const sent = await db
      .select({ email: feedback.email })
      .from(feedback)
      .where(sql`${feedback.description} IN ('Signed in', 'Signed out')`);
    expect(sent).toEqual([{ email: null }, { email: null }]);
    // The report of the account stays for the record; its own report went with it.
    expect(
      await db.select({ reason: reports.reason }).from(reports).where(eq(reports.target_id, a.id)),
    ).toEqual([{ reason: 'spam' }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/del_ada' })).statusCode).toBe(404);
    // Deleting one's own account is not a moderation action.
    const [logged] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM moderation_log WHERE action = 'delete_account' AND target_id = ${a.id}`,
    );
    expect(logged!.n).toBe(0);
  });

  it('with remove_buildings removes the buildings nobody else contributed to, and keeps the others', async () => {
    const a = await busyAccount('del_bea');
    const res = await remove('del_bea', a.me.cookie, '?remove_buildings=true');
    expect(res.statusCode, res.body).toBe(204);
    const left = await db
      .select({ id: buildings.id, added_by: buildings.added_by })
      .from(buildings)
      .where(sql`${buildings.id} IN (${a.contributed}, ${a.alone}, ${a.othersBuilding})`);
    expect(left.sort((x, y) => x.id - y.id)).toEqual([
      { id: a.contributed, added_by: systemId },
      { id: a.othersBuilding, added_by: a.otherId },
    ]);
    expect(await countersOffRecount()).toEqual([]);
    expect(await orphansOf(a.id)).toEqual(NONE);
    for (const key of a.keys) expect(await exists(key), key).toBe(false);
  });
});

describe('a crash between the commit and the file removal', () => {
  it('leaves no row naming a file, the files queued, and the purge job removes them', async () => {
    const a = await busyAccount('crash_cy');
    // The transaction commits; the process "dies" before removing the files.
    const deleted = await deleteAccount(db, a.id);
    expect(new Set(deleted!.storageKeys)).toEqual(new Set(a.keys));
    for (const key of a.keys) expect(await exists(key)).toBe(true);
    const [named] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM images i
      WHERE i.storage_key IN (SELECT storage_key FROM file_deletions)
         OR EXISTS (SELECT 1 FROM jsonb_each_text(i.renditions) r WHERE r.value IN (SELECT storage_key FROM file_deletions))`);
    expect(named!.n).toBe(0);
    const queued = await db.select({ key: fileDeletions.storage_key }).from(fileDeletions);
    expect(new Set(queued.map((q) => q.key))).toEqual(new Set(a.keys));

    await purge();
    for (const key of a.keys) expect(await exists(key), key).toBe(false);
    expect(await db.select().from(fileDeletions)).toEqual([]);
  });

  it('when the storage fails after the commit, the files stay queued and the next purge removes them', async () => {
    const a = await busyAccount('crash_dee');
    const storage = t.app.storage;
    const original = storage.delete.bind(storage);
    let failures = 0;
    storage.delete = async (keys) => {
      if (failures++ < 2) throw new Error('storage is unreachable');
      return original(keys);
    };
    try {
      const res = await remove('crash_dee', a.me.cookie);
      expect(res.statusCode, res.body).toBe(204);
      for (const key of a.keys) expect(await exists(key)).toBe(true);
      expect(await orphansOf(a.id)).toEqual(NONE);
      // The first purge fails too and counts the attempt; the second removes them.
      await purge();
      for (const key of a.keys) expect(await exists(key)).toBe(true);
      const attempts = await db.select({ attempts: fileDeletions.attempts }).from(fileDeletions);
      expect(attempts.map((r) => r.attempts)).toEqual(a.keys.map(() => 2));
      await purge();
    } finally {
      storage.delete = original;
    }
    for (const key of a.keys) expect(await exists(key), key).toBe(false);
    expect(await db.select().from(fileDeletions)).toEqual([]);
  });
});

describe('an unfinished upload of a deleted account', () => {
  it('loses its original once its upload URL has expired, a file that arrived late included', async () => {
    const gus = await signIn(t.app, 'late_gus');
    const gusId = await userId(db, 'late_gus');
    const buildingId = await insertBuilding(db, 'Late hall', gusId);
    const key = `originals/${buildingId}/${crypto.randomUUID()}.jpg`;
    await db.insert(images).values({
      building_id: buildingId,
      added_by: gusId,
      status: 'pending',
      image_type: 'exterior',
      storage_key: key,
      file_ext: '.jpg',
    });
    const res = await remove('late_gus', gus.cookie);
    expect(res.statusCode, res.body).toBe(204);
    const [queued] = await db.select().from(fileDeletions).where(eq(fileDeletions.storage_key, key));
    const wait = (queued!.remove_after!.getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(t.config.storage.uploadUrlTtlSeconds - 60);
    expect(wait).toBeLessThanOrEqual(t.config.storage.uploadUrlTtlSeconds);

    // The browser's PUT lands after the deletion: the purge leaves the key until the URL is dead.
    await t.app.storage.write(key, Buffer.from('late bytes'), 'image/jpeg');
    await purge();
    expect(await exists(key)).toBe(true);
    await db
      .update(fileDeletions)
      .set({ remove_after: sql`now() - interval '1 second'` })
      .where(eq(fileDeletions.storage_key, key));
    await purge();
    expect(await exists(key)).toBe(false);
    expect(await db.select().from(fileDeletions)).toEqual([]);
  });
});

describe('the handle of a deleted account', () => {
  it('is reserved for 30 days, then free', async () => {
    await signIn(t.app, 'gone_eve');
    const eveId = await userId(db, 'gone_eve');
    const fay = await signIn(t.app, 'gone_fay');
    const fayId = await userId(db, 'gone_fay');
    const eve = await signIn(t.app, 'gone_eve');
    expect((await remove('gone_eve', eve.cookie)).statusCode).toBe(204);

    expect((await t.app.inject({ method: 'GET', url: '/api/users/gone_eve' })).statusCode).toBe(404);
    // Neither a new account nor a rename may take it.
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/dev',
      payload: { handle: 'gone_eve' },
    });
    expect(signUp.statusCode).toBeGreaterThanOrEqual(400);
    expect(signUp.json<{ detail: string }>().detail).toMatch(/reserved/);
    const rename = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/gone_fay/handle',
      headers: fay,
      payload: { handle: 'gone_eve' },
    });
    expect(rename.statusCode).toBe(409);
    const [reservation] = await db
      .select()
      .from(previousHandles)
      .where(eq(previousHandles.handle, 'gone_eve'));
    expect(reservation!.user_id).toBeNull();
    const days = (reservation!.released_at.getTime() - reservation!.changed_at.getTime()) / 86_400_000;
    expect(days).toBe(HANDLE_RESERVED_DAYS);
    expect(await orphansOf(eveId)).toEqual(NONE);

    // After the 30 days anyone may take it.
    const later = new Date(reservation!.released_at.getTime() + 1000);
    expect(await changeHandle(db, fayId, 'gone_eve', later)).toEqual({ ok: true, handle: 'gone_eve' });
  });
});

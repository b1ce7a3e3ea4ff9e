/**
 * Votes and comments point at their target without a foreign key, so one
 * mechanism — the target cleanup triggers of migration 0007 — removes them with the target,
 * whoever deletes it (an API route, a cascade, hand-written SQL). These tests delete each target
 * type both ways and find no orphans, and fail when a votable or commentable type is added to the
 * domain without a cleanup trigger on its table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { COMMENT_TARGET_TYPES } from '#domain/comments';
import { VOTABLE_TYPES, type VotableType } from '#domain/votes';
import type { Db } from './client.ts';
import { votes } from './schema.ts';
import { selectRows } from './rows.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signIn } from '../test/sessions.ts';
import { insertBuilding, insertComment, insertImage, insertStyle, userId } from '../test/targets.ts';

/**
 * The table whose rows each target type names. A type added to VOTABLE_TYPES or
 * COMMENT_TARGET_TYPES must be added here, and the trigger test below then asks for its trigger.
 */
const TABLE_OF: Record<string, string> = {
  building: 'buildings',
  image: 'images',
  comment: 'comments',
  architectural_style: 'architectural_styles',
};

let t: TestApp;
let ada: { cookie: string };
let adaId: number;
let bobId: number;
let carlId: number;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  ada = await signIn(t.app, 'ada');
  await signIn(t.app, 'bob');
  await signIn(t.app, 'carl');
  adaId = await userId(t.app.db, 'ada');
  bobId = await userId(t.app.db, 'bob');
  carlId = await userId(t.app.db, 'carl');
});
afterAll(async () => t?.close());

const rows = <T>(db: Db, query: SQL): Promise<T[]> => selectRows<T>(db, query);

/** Votes and comments whose target row no longer exists, for every type the domain knows. */
async function orphans(db: Db): Promise<{ votes: number; comments: number }> {
  let voteCount = 0;
  for (const type of VOTABLE_TYPES) {
    const [r] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM votes v WHERE v.votable_type = ${type}
          AND NOT EXISTS (SELECT 1 FROM ${sql.identifier(TABLE_OF[type]!)} t WHERE t.id = v.votable_id)`,
    );
    voteCount += r!.n;
  }
  let commentCount = 0;
  for (const type of COMMENT_TARGET_TYPES) {
    const [r] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM comments c WHERE c.target_type = ${type}
          AND NOT EXISTS (SELECT 1 FROM ${sql.identifier(TABLE_OF[type]!)} t WHERE t.id = c.target_id)`,
    );
    commentCount += r!.n;
  }
  return { votes: voteCount, comments: commentCount };
}

async function vote(type: VotableType, id: number, userIds = [adaId, bobId]): Promise<void> {
  await t.app.db
    .insert(votes)
    .values(userIds.map((user_id) => ({ user_id, votable_type: type, votable_id: id, vote: 1 })));
}

/**
 * A thread on a building or image: votes on the target, a comment with two replies, a second
 * top-level comment, and votes on every comment. Returns the comment ids (the first is the top one).
 */
async function thread(type: 'building' | 'image', id: number): Promise<number[]> {
  await vote(type, id);
  const top = await insertComment(t.app.db, { user_id: adaId, target_type: type, target_id: id });
  const other = await insertComment(t.app.db, { user_id: carlId, target_type: type, target_id: id });
  const replies = [
    await insertComment(t.app.db, { user_id: bobId, target_type: type, target_id: id, parent_id: top }),
    await insertComment(t.app.db, { user_id: carlId, target_type: type, target_id: id, parent_id: top }),
  ];
  const all = [top, other, ...replies];
  for (const c of all) await vote('comment', c);
  return all;
}

const countVotes = async (type: VotableType, ids: number[]) => {
  const [r] = await rows<{ n: number }>(
    t.app.db,
    sql`SELECT count(*)::int AS n FROM votes WHERE votable_type = ${type}
        AND votable_id = ANY(${`{${ids.join(',')}}`}::int[])`,
  );
  return r!.n;
};
const countComments = async (ids: number[]) => {
  const [r] = await rows<{ n: number }>(
    t.app.db,
    sql`SELECT count(*)::int AS n FROM comments WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`,
  );
  return r!.n;
};

describe('deleting a target leaves no votes or comments behind', () => {
  it('a building deleted through the API takes its votes, comments, replies, images and their threads', async () => {
    const building = await insertBuilding(t.app.db, 'Orphan House API', adaId);
    const image = await insertImage(t.app.db, building, adaId);
    const onBuilding = await thread('building', building);
    const onImage = await thread('image', image);
    // Something that must stay: a thread on another building.
    const keep = await insertBuilding(t.app.db, 'Kept House', adaId);
    const kept = await thread('building', keep);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/buildings/${building}`, headers: ada });
    expect(res.statusCode, res.body).toBe(204);

    expect(await countVotes('building', [building])).toBe(0);
    expect(await countVotes('image', [image])).toBe(0);
    expect(await countVotes('comment', [...onBuilding, ...onImage])).toBe(0);
    expect(await countComments([...onBuilding, ...onImage])).toBe(0);
    expect(await countVotes('building', [keep])).toBe(2);
    expect(await countComments(kept)).toBe(kept.length);
    expect(await countVotes('comment', kept)).toBe(2 * kept.length);
    expect(await orphans(t.app.db)).toEqual({ votes: 0, comments: 0 });
  });

  it('an image deleted through the API takes its votes, comments and replies', async () => {
    const building = await insertBuilding(t.app.db, 'Image Orphan API', adaId);
    const image = await insertImage(t.app.db, building, adaId);
    const onImage = await thread('image', image);
    const onBuilding = await thread('building', building);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/images/${image}`, headers: ada });
    expect(res.statusCode, res.body).toBe(204);

    expect(await countVotes('image', [image])).toBe(0);
    expect(await countVotes('comment', onImage)).toBe(0);
    expect(await countComments(onImage)).toBe(0);
    expect(await countComments(onBuilding)).toBe(onBuilding.length);
    expect(await orphans(t.app.db)).toEqual({ votes: 0, comments: 0 });
  });

  it('a reply deleted through the API takes its votes', async () => {
    const building = await insertBuilding(t.app.db, 'Reply Orphan API', adaId);
    const top = await insertComment(t.app.db, {
      user_id: bobId,
      target_type: 'building',
      target_id: building,
    });
    const reply = await insertComment(t.app.db, {
      user_id: adaId,
      target_type: 'building',
      target_id: building,
      parent_id: top,
    });
    await t.app.db.execute(sql`UPDATE comments SET reply_count = 1 WHERE id = ${top}`);
    await vote('comment', reply, [bobId, carlId]);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/comments/${reply}`, headers: ada });
    expect(res.statusCode, res.body).toBe(204);

    expect(await countComments([reply])).toBe(0);
    expect(await countVotes('comment', [reply])).toBe(0);
    expect(await orphans(t.app.db)).toEqual({ votes: 0, comments: 0 });
  });

  it('each target type deleted in plain SQL takes its votes, comments, replies and their votes', async () => {
    const db = t.app.db;
    const building = await insertBuilding(db, 'Orphan House SQL', adaId);
    const image = await insertImage(db, building, adaId);
    const onBuilding = await thread('building', building);
    const onImage = await thread('image', image);
    const style = await insertStyle(db, 'Orphan Style');
    await vote('architectural_style', style);
    // A comment deleted directly: its replies (foreign key) and every vote on them go too.
    const [top] = onBuilding;
    await db.execute(sql`DELETE FROM comments WHERE id = ${top!}`);
    expect(await countComments(onBuilding)).toBe(1); // the second top-level comment
    expect(await orphans(db)).toEqual({ votes: 0, comments: 0 });

    await db.execute(sql`DELETE FROM architectural_styles WHERE id = ${style}`);
    expect(await countVotes('architectural_style', [style])).toBe(0);
    await db.execute(sql`DELETE FROM images WHERE id = ${image}`);
    expect(await countComments(onImage)).toBe(0);
    expect(await countVotes('image', [image])).toBe(0);
    await db.execute(sql`DELETE FROM buildings WHERE id = ${building}`);
    expect(await countComments(onBuilding)).toBe(0);
    expect(await countVotes('building', [building])).toBe(0);
    expect(await countVotes('comment', [...onBuilding, ...onImage])).toBe(0);
    expect(await orphans(db)).toEqual({ votes: 0, comments: 0 });
  });

  it('a deleted user takes their comments, and the votes on those comments go too', async () => {
    const db = t.app.db;
    await signIn(t.app, 'dora');
    const doraId = await userId(db, 'dora');
    const building = await insertBuilding(db, 'User Orphan', adaId);
    const own = await insertComment(db, { user_id: doraId, target_type: 'building', target_id: building });
    const reply = await insertComment(db, {
      user_id: adaId,
      target_type: 'building',
      target_id: building,
      parent_id: own,
    });
    await vote('comment', own);
    await vote('comment', reply);
    await db.execute(sql`DELETE FROM users WHERE id = ${doraId}`);
    expect(await countComments([own, reply])).toBe(0);
    expect(await orphans(db)).toEqual({ votes: 0, comments: 0 });
  });
});

describe('every target type has its cleanup trigger', () => {
  const targetTypes = [...new Set<string>([...VOTABLE_TYPES, ...COMMENT_TARGET_TYPES])];

  it.each(targetTypes)('%s: an AFTER DELETE trigger on its table removes what points at it', async (type) => {
    const table = TABLE_OF[type];
    expect(
      table,
      `add the table of target type '${type}' to TABLE_OF and a cleanup trigger for it`,
    ).toBeDefined();
    const triggers = await rows<{ tgname: string; args: string }>(
      t.app.db,
      sql`SELECT tg.tgname, encode(tg.tgargs, 'escape') AS args
          FROM pg_trigger tg
          JOIN pg_proc p ON p.oid = tg.tgfoid
          WHERE tg.tgrelid = ${table!}::regclass
            AND p.proname = 'target_cleanup_after_delete'
            AND (tg.tgtype & 8) <> 0 -- fires on DELETE
            AND tg.tgenabled <> 'D'`,
    );
    // tgargs holds each argument followed by a NUL byte, which 'escape' shows as \000.
    expect(triggers.map((r) => r.args.replace(/\\000$/, ''))).toEqual([type]);
  });

  it('the cleanup function removes comments of exactly the commentable types', async () => {
    const [fn] = await rows<{ src: string }>(
      t.app.db,
      sql`SELECT prosrc AS src FROM pg_proc WHERE proname = 'target_cleanup_after_delete'`,
    );
    const commented = /TG_ARGV\[0\] IN \(([^)]*)\)/.exec(fn!.src)?.[1];
    expect(
      commented
        ?.split(',')
        .map((s) => s.trim().replace(/'/g, ''))
        .sort(),
    ).toEqual([...COMMENT_TARGET_TYPES].sort());
  });
});

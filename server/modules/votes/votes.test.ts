import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { FACE_VOTES, type VotableType, type VoteResult, type VoteValue } from '#domain/votes';
import { architecturalStyles, buildings, comments, images, votes } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import {
  insertBuilding,
  insertComment,
  insertImage,
  insertStyle,
  seededRandom,
  userId,
} from '../../test/targets.ts';

let t: TestApp;
let ada: { cookie: string };
let bob: { cookie: string };
let adaId: number;
let buildingId: number;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  ada = await signIn(t.app, 'ada');
  bob = await signIn(t.app, 'bob');
  adaId = await userId(t.app.db, 'ada');
  buildingId = await insertBuilding(t.app.db, 'Vote House', adaId);
});
afterAll(async () => t?.close());

const vote = (type: string, body: unknown, headers: { cookie?: string } = {}, pathType = type) =>
  t.app.inject({ method: 'POST', url: `/api/votes/${pathType}`, headers, payload: body as object });

const castOk = async (type: VotableType, id: number, value: VoteValue, who = ada) => {
  const res = await vote(type, { votable_type: type, votable_id: id, vote: value }, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<VoteResult>();
};

/** A fresh target of each votable type. */
async function newTarget(type: VotableType): Promise<number> {
  const db = t.app.db;
  switch (type) {
    case 'building':
      return insertBuilding(db, `B ${Math.random()}`);
    case 'image':
      return insertImage(db, buildingId, adaId);
    case 'architectural_style':
      return insertStyle(db, `Style ${Math.random()}`);
    case 'comment':
      return insertComment(db, { user_id: adaId, target_type: 'building', target_id: buildingId });
  }
}

/** The counters kept on the target row. */
async function counters(type: VotableType, id: number) {
  const db = t.app.db;
  const pick = { upvotes: sql<number>`upvotes`, downvotes: sql<number>`downvotes` };
  switch (type) {
    case 'comment': {
      const [r] = await db.select(pick).from(comments).where(eq(comments.id, id));
      return { ...r!, meh_votes: 0 };
    }
    case 'building': {
      const [r] = await db.select().from(buildings).where(eq(buildings.id, id));
      return { upvotes: r!.upvotes, meh_votes: r!.meh_votes, downvotes: r!.downvotes };
    }
    case 'image': {
      const [r] = await db.select().from(images).where(eq(images.id, id));
      return { upvotes: r!.upvotes, meh_votes: r!.meh_votes, downvotes: r!.downvotes };
    }
    case 'architectural_style': {
      const [r] = await db.select().from(architecturalStyles).where(eq(architecturalStyles.id, id));
      return { upvotes: r!.upvotes, meh_votes: r!.meh_votes, downvotes: r!.downvotes };
    }
  }
}

/** The same counts recounted from the votes table. */
async function recount(type: VotableType, id: number) {
  const rows = await t.app.db
    .select({ vote: votes.vote, n: sql<number>`count(*)::int` })
    .from(votes)
    .where(and(eq(votes.votable_type, type), eq(votes.votable_id, id)))
    .groupBy(votes.vote);
  const n = (v: number) => rows.find((r) => r.vote === v)?.n ?? 0;
  return { upvotes: n(1), meh_votes: n(0), downvotes: n(-1) };
}

const voteRows = (type: VotableType, id: number) =>
  t.app.db
    .select()
    .from(votes)
    .where(and(eq(votes.votable_type, type), eq(votes.votable_id, id)));

const ALL_TYPES: VotableType[] = ['building', 'image', 'comment', 'architectural_style'];
const FACE_TYPES: VotableType[] = ['building', 'image', 'architectural_style'];

describe('POST /api/votes/{votable_type}: toggling (product §4)', () => {
  it.each(ALL_TYPES)(
    '%s: a vote counts, the same vote again removes it, another vote replaces it',
    async (type) => {
      const id = await newTarget(type);
      const none = type === 'comment' ? 0 : null;

      const up = await castOk(type, id, 1);
      expect(up).toEqual({
        votable_type: type,
        votable_id: id,
        vote_stats: { net_votes: 1, upvotes: 1, meh_votes: 0, downvotes: 0 },
        user_vote: 1,
      });

      const off = await castOk(type, id, 1);
      expect(off.vote_stats).toEqual({ net_votes: 0, upvotes: 0, meh_votes: 0, downvotes: 0 });
      expect(off.user_vote).toBe(none);
      expect(await voteRows(type, id)).toHaveLength(0);

      await castOk(type, id, 1);
      const down = await castOk(type, id, -1);
      expect(down.vote_stats).toEqual({ net_votes: -1, upvotes: 0, meh_votes: 0, downvotes: 1 });
      expect(down.user_vote).toBe(-1);

      const bobs = await castOk(type, id, 1, bob);
      expect(bobs.vote_stats).toEqual({ net_votes: 0, upvotes: 1, meh_votes: 0, downvotes: 1 });
      expect(bobs.user_vote).toBe(1);
      expect(await voteRows(type, id)).toHaveLength(2);
      expect(await counters(type, id)).toEqual(await recount(type, id));
    },
  );

  it.each(FACE_TYPES)('%s: meh (0) is a vote of its own, and toggles off too', async (type) => {
    const id = await newTarget(type);
    const meh = await castOk(type, id, 0);
    expect(meh.vote_stats).toEqual({ net_votes: 0, upvotes: 0, meh_votes: 1, downvotes: 0 });
    expect(meh.user_vote).toBe(0);
    const smile = await castOk(type, id, 1);
    expect(smile.vote_stats).toEqual({ net_votes: 1, upvotes: 1, meh_votes: 0, downvotes: 0 });
    await castOk(type, id, 0);
    const off = await castOk(type, id, 0);
    expect(off.vote_stats).toEqual({ net_votes: 0, upvotes: 0, meh_votes: 0, downvotes: 0 });
    expect(off.user_vote).toBeNull();
  });

  it('records the date of the vote and moves it when the vote changes', async () => {
    const id = await newTarget('building');
    await castOk('building', id, 1);
    const dates = () =>
      t.app.db
        .select({
          created_at: votes.created_at,
          updated_at: votes.updated_at,
          moved: sql<boolean>`${votes.updated_at} > ${votes.created_at}`,
        })
        .from(votes)
        .where(and(eq(votes.votable_type, 'building'), eq(votes.votable_id, id)));
    const [first] = await dates();
    expect(first!.moved).toBe(false);
    expect(Math.abs(first!.created_at.getTime() - Date.now())).toBeLessThan(60_000);
    await castOk('building', id, -1);
    const [changed] = await dates();
    expect(changed!.moved).toBe(true);
    expect(changed!.created_at).toEqual(first!.created_at);
  });
});

describe('POST /api/votes/{votable_type}: refusals', () => {
  it('answers 401 when signed out, and stores nothing', async () => {
    const res = await vote('building', { votable_type: 'building', votable_id: buildingId, vote: 1 });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(await voteRows('building', buildingId)).toHaveLength(0);
  });

  it('answers 400 when the path and body types differ', async () => {
    const res = await vote('building', { votable_type: 'image', votable_id: buildingId, vote: 1 }, ada);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toContain('votable_type');
  });

  it.each([
    ['a vote of 2', 'building', { vote: 2 }],
    ['a vote of "x"', 'building', { vote: 'x' }],
    ['a vote of "1" (text)', 'building', { vote: '1' }],
    ['a meh vote on a comment', 'comment', { vote: 0 }],
    ['a vote of 2 on a comment', 'comment', { vote: 2 }],
    ['a missing vote', 'building', { vote: undefined }],
    ['a junk id', 'building', { votable_id: 'abc' }],
    ['a negative id', 'building', { votable_id: -3 }],
    ['a fractional id', 'building', { votable_id: 1.5 }],
    ['an id beyond integer', 'building', { votable_id: 2 ** 31 }],
    ['an unknown type', 'user', { votable_type: 'user' }],
  ])('answers 400 for %s', async (_name, type, patch) => {
    const body = { votable_type: type, votable_id: 1, vote: 1, ...patch };
    const res = await vote(type, body, ada);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, title: 'Bad Request' });
  });

  it.each(ALL_TYPES)('answers 404 for an unknown %s', async (type) => {
    const res = await vote(type, { votable_type: type, votable_id: 999_999, vote: 1 }, ada);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ detail: string }>().detail).toMatch(/not found/);
  });

  it('answers 409 for a deleted comment and keeps its counts', async () => {
    const id = await insertComment(t.app.db, {
      user_id: adaId,
      target_type: 'building',
      target_id: buildingId,
      upvotes: 2,
    });
    await t.app.db.update(comments).set({ deleted: true, content: '' }).where(eq(comments.id, id));
    const res = await vote('comment', { votable_type: 'comment', votable_id: id, vote: -1 }, ada);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: 'This comment has been deleted.' });
    expect(await counters('comment', id)).toEqual({ upvotes: 2, meh_votes: 0, downvotes: 0 });
    expect(await voteRows('comment', id)).toHaveLength(0);
  });
});

describe('POST /api/votes/{votable_type}: concurrency', () => {
  let voters: { cookie: string }[];
  beforeAll(async () => {
    voters = [];
    for (let i = 0; i < 20; i++) voters.push(await signIn(t.app, `voter_${i}`));
  });

  it.each(ALL_TYPES)(
    '%s: 20 parallel identical votes by one user toggle one after another (never two rows)',
    async (type) => {
      const id = await newTarget(type);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => vote(type, { votable_type: type, votable_id: id, vote: 1 }, bob)),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      // Each request saw the one before it: ten switched the vote on, ten switched it off.
      const on = results.filter((r) => r.json<VoteResult>().user_vote === 1).length;
      expect(on).toBe(10);
      expect(await voteRows(type, id)).toHaveLength(0);
      expect(await counters(type, id)).toEqual({ upvotes: 0, meh_votes: 0, downvotes: 0 });
    },
  );

  it.each(ALL_TYPES)('%s: 21 parallel votes by one user (odd count) leave exactly one vote', async (type) => {
    const id = await newTarget(type);
    const results = await Promise.all(
      Array.from({ length: 21 }, () => vote(type, { votable_type: type, votable_id: id, vote: -1 }, bob)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await voteRows(type, id)).toHaveLength(1);
    expect(await counters(type, id)).toEqual({ upvotes: 0, meh_votes: 0, downvotes: 1 });
  });

  it.each(ALL_TYPES)('%s: 20 different users voting at once are all counted', async (type) => {
    const id = await newTarget(type);
    const values = voters.map((_, i) => (i % 3 === 0 ? -1 : 1));
    const results = await Promise.all(
      voters.map((who, i) => vote(type, { votable_type: type, votable_id: id, vote: values[i] }, who)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const down = values.filter((v) => v === -1).length;
    expect(await counters(type, id)).toEqual({ upvotes: 20 - down, meh_votes: 0, downvotes: down });
    expect(await voteRows(type, id)).toHaveLength(20);
    // The last response to commit saw every vote.
    const totals = results.map((r) => r.json<VoteResult>().vote_stats);
    expect(Math.max(...totals.map((s) => s.upvotes + s.downvotes))).toBe(20);
  });

  it('counts equal a recount of the votes table after a random sequence of votes', async () => {
    const random = seededRandom(20261122);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const targets: [VotableType, number][] = [];
    for (const type of ALL_TYPES) for (let i = 0; i < 2; i++) targets.push([type, await newTarget(type)]);
    const who = voters.slice(0, 6);

    // Sequential part: the model applies product §4 step by step and must match every answer.
    const model = new Map<string, VoteValue | null>();
    for (let step = 0; step < 150; step++) {
      const [type, id] = pick(targets);
      const voter = pick(who);
      const value = type === 'comment' ? pick([1, -1] as const) : pick(FACE_VOTES);
      const key = `${voter.cookie}|${type}|${id}`;
      const previous = model.get(key) ?? null;
      const expected = previous === value ? null : value;
      model.set(key, expected);
      const res = await castOk(type, id, value, voter);
      expect(res.user_vote).toBe(type === 'comment' ? (expected ?? 0) : expected);
    }
    // Parallel part: batches of 12 random votes at once.
    for (let batch = 0; batch < 10; batch++) {
      const calls = Array.from({ length: 12 }, () => {
        const [type, id] = pick(targets);
        const value = type === 'comment' ? pick([1, -1] as const) : pick(FACE_VOTES);
        return vote(type, { votable_type: type, votable_id: id, vote: value }, pick(who));
      });
      const results = await Promise.all(calls);
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
    }
    for (const [type, id] of targets) {
      expect(await counters(type, id), `${type} ${id}`).toEqual(await recount(type, id));
    }
  });
});

describe('the building detail shows the reader their own vote', () => {
  it('carries user_vote for the signed-in reader and null for others', async () => {
    const carol = await signIn(t.app, 'carol_detail');
    const cast = await t.app.inject({
      method: 'POST',
      url: '/api/votes/building',
      headers: carol,
      payload: { votable_type: 'building', votable_id: buildingId, vote: -1 },
    });
    expect(cast.statusCode, cast.body).toBe(200);
    const mine = await t.app.inject({ method: 'GET', url: `/api/buildings/${buildingId}`, headers: carol });
    expect(mine.json()).toMatchObject({ user_vote: -1 });
    const visitor = await t.app.inject({ method: 'GET', url: `/api/buildings/${buildingId}` });
    expect(visitor.json()).toMatchObject({ user_vote: null });
  });
});

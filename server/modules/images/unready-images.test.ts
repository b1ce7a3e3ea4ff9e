/**
 * An image that is not ready (pending, processing, failed) is absent (404)
 * for everyone but its uploader, the same way in reads, votes and comments.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding, insertComment, insertImage, userId } from '../../test/targets.ts';
import { listImages } from '../../test/images.ts';

let t: TestApp;
let ada: { cookie: string };
let bob: { cookie: string };
let buildingId: number;
const unready: Record<'pending' | 'processing' | 'failed', number> = { pending: 0, processing: 0, failed: 0 };
/** ada's comment on each unready image (as if made before the image was hidden). */
const commentOn = new Map<number, number>();

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  ada = await signIn(t.app, 'ada');
  bob = await signIn(t.app, 'bob');
  const adaId = await userId(t.app.db, 'ada');
  buildingId = await insertBuilding(t.app.db, 'Hidden House', adaId);
  for (const status of ['pending', 'processing', 'failed'] as const) {
    const id = await insertImage(t.app.db, buildingId, adaId);
    await t.app.db.update(images).set({ status }).where(eq(images.id, id));
    unready[status] = id;
    commentOn.set(id, await insertComment(t.app.db, { user_id: adaId, target_type: 'image', target_id: id }));
  }
});
afterAll(async () => t?.close());

const vote = (id: number, who: { cookie: string }, value = 1) =>
  t.app.inject({
    method: 'POST',
    url: '/api/votes/image',
    headers: who,
    payload: { votable_type: 'image', votable_id: id, vote: value },
  });
const comment = (id: number, who: { cookie: string }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/comments/image/${id}`,
    headers: who,
    payload: { content: 'Seen it', target_type: 'image', target_id: id },
  });

describe.each(['pending', 'processing', 'failed'] as const)('a %s image of another user', (status) => {
  const id = () => unready[status];

  it('is 404 in the image detail, and absent from lists', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${id()}`, headers: bob })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${id()}` })).statusCode).toBe(404);
    const list = await listImages(t.app, `buildingId=${buildingId}`, bob);
    expect(list.body.items.map((i) => i.id)).not.toContain(id());
  });

  it('takes no vote (404 as for an unknown image)', async () => {
    const res = await vote(id(), bob);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ detail: string }>().detail).toBe('Image not found');
    const [row] = await t.app.db.select({ upvotes: images.upvotes }).from(images).where(eq(images.id, id()));
    expect(row!.upvotes).toBe(0);
  });

  it('has no comments to list, take, reply to or vote on (404)', async () => {
    const list = await t.app.inject({ method: 'GET', url: `/api/comments/image/${id()}`, headers: bob });
    expect(list.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/comments/image/${id()}` })).statusCode).toBe(404);
    expect((await comment(id(), bob)).statusCode).toBe(404);
    const existing = commentOn.get(id())!;
    const replies = await t.app.inject({
      method: 'GET',
      url: `/api/comments/${existing}/replies`,
      headers: bob,
    });
    expect(replies.statusCode).toBe(404);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/comments/${existing}/replies`,
      headers: bob,
      payload: { content: 'Me too', target_type: 'image', target_id: id() },
    });
    expect(reply.statusCode).toBe(404);
    const commentVote = await t.app.inject({
      method: 'POST',
      url: '/api/votes/comment',
      headers: bob,
      payload: { votable_type: 'comment', votable_id: existing, vote: 1 },
    });
    expect(commentVote.statusCode).toBe(404);
  });

  it('is there for its uploader', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${id()}`, headers: ada })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/comments/image/${id()}`, headers: ada })).statusCode,
    ).toBe(200);
    expect((await comment(id(), ada)).statusCode).toBe(201);
    expect((await vote(id(), ada)).statusCode).toBe(200);
  });
});

describe('a ready image', () => {
  it('takes votes and comments from anyone', async () => {
    const id = await insertImage(t.app.db, buildingId, await userId(t.app.db, 'ada'));
    expect((await vote(id, bob)).statusCode).toBe(200);
    expect((await comment(id, bob)).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: `/api/comments/image/${id}` })).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Comment, CommentList, CommentReplies } from '#domain/comments';
import { compareControversial, compareNewest, comparePopular } from '#domain/votes';
import { comments, votes } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding, insertComment, insertImage, userId } from '../../test/targets.ts';

let t: TestApp;
let ada: { cookie: string };
let bob: { cookie: string };
let adaId: number;
let buildingId: number;
let imageId: number;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  ada = await signIn(t.app, 'ada');
  bob = await signIn(t.app, 'bob');
  adaId = await userId(t.app.db, 'ada');
  buildingId = await insertBuilding(t.app.db, 'Comment House', adaId);
  imageId = await insertImage(t.app.db, buildingId, adaId);
});
afterAll(async () => t?.close());

type Headers = { cookie?: string };
const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Headers = {}) =>
  t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });

async function postComment(content: string, who = ada, type = 'building', id = buildingId): Promise<Comment> {
  const res = await send('POST', `/api/comments/${type}/${id}`, { content }, who);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Comment>();
}

async function postReply(parent: Comment | number, content: string, who = ada): Promise<Comment> {
  const parentId = typeof parent === 'number' ? parent : parent.id;
  const res = await send(
    'POST',
    `/api/comments/${parentId}/replies`,
    { content, target_type: 'building', target_id: buildingId },
    who,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Comment>();
}

const row = async (id: number) => (await t.app.db.select().from(comments).where(eq(comments.id, id)))[0];

describe('POST /api/comments/{target_type}/{target_id}', () => {
  it('creates a comment with every field of product §3, content trimmed', async () => {
    const c = await postComment('  Lovely brickwork.  ');
    expect(c.id).toBeGreaterThan(0);
    expect(Date.parse(c.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(c).toEqual({
      id: c.id,
      username: 'ada',
      user_id: adaId,
      content: 'Lovely brickwork.',
      target_type: 'building',
      target_id: buildingId,
      parent_id: null,
      deleted: false,
      reply_count: 0,
      upvotes: 0,
      downvotes: 0,
      user_vote: 0,
      edited: false,
      created_at: new Date(c.created_at).toISOString(),
    });
  });

  it('comments on images too', async () => {
    const c = await postComment('Nice light', bob, 'image', imageId);
    expect(c).toMatchObject({ target_type: 'image', target_id: imageId, username: 'bob' });
  });

  it('stores markup as plain text, byte for byte', async () => {
    const text = '<script>alert("x")</script> & <b>bold</b> 🏛️';
    const c = await postComment(text);
    expect(c.content).toBe(text);
    expect((await row(c.id))!.content).toBe(text);
  });

  it('accepts 5,000 characters (emoji count as one)', async () => {
    expect((await postComment('a'.repeat(5000))).content).toHaveLength(5000);
    expect([...(await postComment('🏛'.repeat(5000))).content]).toHaveLength(5000);
  });

  it('answers 401 when signed out', async () => {
    const res = await send('POST', `/api/comments/building/${buildingId}`, { content: 'hi' });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['empty', { content: '' }],
    ['whitespace only', { content: ' \n\t ' }],
    ['5,001 characters', { content: 'a'.repeat(5001) }],
    ['5,001 characters after trimming', { content: ` ${'a'.repeat(5001)} ` }],
    ['a NUL character', { content: 'a\u0000b' }],
    ['a lone surrogate', { content: 'a\ud800b' }],
    ['no content', {}],
    ['content that is not text', { content: 42 }],
  ])('answers 400 for %s content', async (_name, body) => {
    const res = await send('POST', `/api/comments/building/${buildingId}`, body, ada);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      errors: [expect.objectContaining({ path: 'body.content' })],
    });
  });

  it('gives readable reasons', async () => {
    const empty = await send('POST', `/api/comments/building/${buildingId}`, { content: '  ' }, ada);
    expect(empty.json()).toMatchObject({ detail: 'Comment cannot be empty.' });
    const long = await send(
      'POST',
      `/api/comments/building/${buildingId}`,
      { content: 'a'.repeat(5001) },
      ada,
    );
    expect(long.json()).toMatchObject({ detail: 'A comment can have at most 5000 characters.' });
  });

  it('answers 404 for an unknown building or image', async () => {
    expect((await send('POST', '/api/comments/building/999999', { content: 'x' }, ada)).statusCode).toBe(404);
    const res = await send('POST', '/api/comments/image/999999', { content: 'x' }, ada);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'Image not found' });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '1e3'])('answers 400 for the target id %s', async (id) => {
    expect((await send('POST', `/api/comments/building/${id}`, { content: 'x' }, ada)).statusCode).toBe(400);
    expect((await get(`/api/comments/building/${id}`)).statusCode).toBe(400);
  });

  it('answers 400 for a target type other than building or image', async () => {
    const res = await send('POST', `/api/comments/architectural_style/1`, { content: 'x' }, ada);
    expect(res.statusCode).toBe(400);
    expect((await get('/api/comments/user/1')).statusCode).toBe(400);
  });
});

describe('GET /api/comments/{target_type}/{target_id}', () => {
  let house: number;
  /** name -> id of the fixed data set below. */
  const ids = new Map<string, number>();
  const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 12, minute));
  // name, upvotes, downvotes, minute written. Net, total and controversy are in the comments.
  const DATA: [string, number, number, number][] = [
    ['A', 10, 0, 1], // net 10, controversy 0
    ['B', 6, 4, 2], // net 2, total 10, controversy 10^(4/6) ≈ 4.64
    ['C', 3, 1, 3], // net 2, total 4, controversy 4^(1/3) ≈ 1.59
    ['D', 5, 5, 4], // net 0, total 10, controversy 10
    ['E', 5, 5, 5], // the same as D but newer
    ['F', 0, 0, 6], // nothing
    ['G', 0, 3, 0], // net -3, controversy 0, oldest
    ['H', 1, 1, 7], // net 0, total 2, controversy 2, newest
  ];

  beforeAll(async () => {
    house = await insertBuilding(t.app.db, 'Sorted House');
    for (const [name, up, down, minute] of DATA) {
      const id = await insertComment(t.app.db, {
        user_id: adaId,
        target_type: 'building',
        target_id: house,
        content: name,
        upvotes: up,
        downvotes: down,
        created_at: at(minute),
      });
      ids.set(name, id);
    }
    // Replies and other targets' comments never show in the top-level list.
    await insertComment(t.app.db, {
      user_id: adaId,
      target_type: 'building',
      target_id: house,
      parent_id: ids.get('A')!,
      content: 'reply',
      upvotes: 99,
    });
    await insertComment(t.app.db, {
      user_id: adaId,
      target_type: 'image',
      target_id: house,
      content: 'other',
    });
  });

  const order = async (query: string) => {
    const res = await get(`/api/comments/building/${house}?per_page=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CommentList>().items.map((c) => c.content);
  };

  it('sorts newest first by default', async () => {
    expect(await order('')).toEqual(['H', 'F', 'E', 'D', 'C', 'B', 'A', 'G']);
    expect(await order('sort=newest')).toEqual(['H', 'F', 'E', 'D', 'C', 'B', 'A', 'G']);
  });

  it('sorts popular: most net votes, ties by more votes, then newer', async () => {
    expect(await order('sort=popular')).toEqual(['A', 'B', 'C', 'E', 'D', 'H', 'F', 'G']);
  });

  it('sorts controversial: highest score, ties (and zeros) by newer', async () => {
    expect(await order('sort=controversial')).toEqual(['E', 'D', 'B', 'H', 'C', 'F', 'A', 'G']);
  });

  it('agrees with the ranking rules of domain/votes.ts', async () => {
    const rows = DATA.map(([content, upvotes, downvotes, minute]) => ({
      content,
      upvotes,
      downvotes,
      created_at: at(minute),
      id: ids.get(content)!,
    }));
    const names = (cmp: typeof comparePopular) => [...rows].sort(cmp).map((r) => r.content);
    expect(await order('sort=newest')).toEqual(names(compareNewest));
    expect(await order('sort=popular')).toEqual(names(comparePopular));
    expect(await order('sort=controversial')).toEqual(names(compareControversial));
  });

  it('pages by 2 from page 1 by default: {items, pages, page}', async () => {
    const res = await get(`/api/comments/building/${house}`);
    const body = res.json<CommentList>();
    expect(Object.keys(body).sort()).toEqual(['items', 'page', 'pages']);
    expect(body.page).toBe(1);
    expect(body.pages).toBe(4);
    expect(body.items.map((c) => c.content)).toEqual(['H', 'F']);
    const p3 = (
      await get(`/api/comments/building/${house}?page=3&per_page=3&sort=popular`)
    ).json<CommentList>();
    expect(p3).toMatchObject({ page: 3, pages: 3 });
    expect(p3.items.map((c) => c.content)).toEqual(['F', 'G']);
    const beyond = (await get(`/api/comments/building/${house}?page=9`)).json<CommentList>();
    expect(beyond).toEqual({ items: [], pages: 4, page: 9 });
  });

  it('answers an empty first page for a target without comments', async () => {
    const empty = await insertBuilding(t.app.db, 'Quiet House');
    expect((await get(`/api/comments/building/${empty}`)).json()).toEqual({ items: [], pages: 0, page: 1 });
  });

  it('shows the reader their own vote', async () => {
    const b = ids.get('B')!;
    const res = await send(
      'POST',
      '/api/votes/comment',
      { votable_type: 'comment', votable_id: b, vote: -1 },
      bob,
    );
    expect(res.statusCode).toBe(200);
    const asBob = (await get(`/api/comments/building/${house}?per_page=100`, bob)).json<CommentList>();
    expect(asBob.items.find((c) => c.id === b)).toMatchObject({ user_vote: -1, downvotes: 5 });
    expect(asBob.items.filter((c) => c.user_vote !== 0)).toHaveLength(1);
    const asAda = (await get(`/api/comments/building/${house}?per_page=100`, ada)).json<CommentList>();
    expect(asAda.items.every((c) => c.user_vote === 0)).toBe(true);
    const anonymous = (await get(`/api/comments/building/${house}?per_page=100`)).json<CommentList>();
    expect(anonymous.items.every((c) => c.user_vote === 0)).toBe(true);
  });

  it.each([
    'page=0',
    'page=-1',
    'page=abc',
    'page=',
    'page=1.5',
    'page=99999999999',
    'per_page=0',
    'per_page=101',
    'per_page=x',
    'sort=best',
    'sort=',
  ])('answers 400 for %s', async (query) => {
    const res = await get(`/api/comments/building/${house}?${query}`);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('accepts per_page 100', async () => {
    expect((await get(`/api/comments/building/${house}?per_page=100`)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown target', async () => {
    expect((await get('/api/comments/building/999999')).statusCode).toBe(404);
    expect((await get('/api/comments/image/999999')).statusCode).toBe(404);
  });
});

describe('replies', () => {
  let thread: Comment;
  const replies: Comment[] = [];

  beforeAll(async () => {
    thread = await postComment('Thread start');
    for (let i = 1; i <= 25; i++) replies.push(await postReply(thread, `reply ${i}`, i % 2 ? ada : bob));
  });

  it('counts replies on the parent and keeps them out of the top-level list', async () => {
    expect((await row(thread.id))!.reply_count).toBe(25);
    const list = (await get(`/api/comments/building/${buildingId}?per_page=100`)).json<CommentList>();
    expect(list.items.some((c) => c.parent_id !== null)).toBe(false);
    expect(list.items.find((c) => c.id === thread.id)?.reply_count).toBe(25);
  });

  it('pages replies oldest first, 20 per page by default', async () => {
    const p1 = (await get(`/api/comments/${thread.id}/replies`)).json<CommentReplies>();
    expect(p1).toMatchObject({ comment_id: thread.id, page: 1, per_page: 20, pages: 2 });
    expect(p1.items.map((c) => c.content)).toEqual(replies.slice(0, 20).map((c) => c.content));
    expect(p1.items[0]).toMatchObject({ parent_id: thread.id, username: 'ada', reply_count: 0 });
    const p2 = (await get(`/api/comments/${thread.id}/replies?page=2`)).json<CommentReplies>();
    expect(p2.items.map((c) => c.content)).toEqual(replies.slice(20).map((c) => c.content));
    const small = (await get(`/api/comments/${thread.id}/replies?page=3&per_page=10`)).json<CommentReplies>();
    expect(small).toMatchObject({ page: 3, per_page: 10, pages: 3 });
    expect(small.items.map((c) => c.content)).toEqual([
      'reply 21',
      'reply 22',
      'reply 23',
      'reply 24',
      'reply 25',
    ]);
  });

  it('answers 400 for junk paging and ids, 404 for an unknown comment', async () => {
    expect((await get(`/api/comments/${thread.id}/replies?page=0`)).statusCode).toBe(400);
    expect((await get(`/api/comments/${thread.id}/replies?per_page=101`)).statusCode).toBe(400);
    expect((await get('/api/comments/abc/replies')).statusCode).toBe(400);
    expect((await get('/api/comments/999999/replies')).statusCode).toBe(404);
  });

  it('attaches a reply to a reply to the top-level comment', async () => {
    const before = (await row(thread.id))!.reply_count;
    const nested = await postReply(replies[0]!, 'answering reply 1', bob);
    expect(nested.parent_id).toBe(thread.id);
    expect((await row(thread.id))!.reply_count).toBe(before + 1);
    expect((await row(replies[0]!.id))!.reply_count).toBe(0);
  });

  it('refuses a reply whose target is not the parent’s (400), to an unknown comment (404), signed out (401)', async () => {
    const url = `/api/comments/${thread.id}/replies`;
    const other = await send(
      'POST',
      url,
      { content: 'x', target_type: 'building', target_id: buildingId + 1 },
      ada,
    );
    expect(other.statusCode).toBe(400);
    const wrongType = await send(
      'POST',
      url,
      { content: 'x', target_type: 'image', target_id: buildingId },
      ada,
    );
    expect(wrongType.statusCode).toBe(400);
    const missing = await send('POST', url, { content: 'x' }, ada);
    expect(missing.statusCode).toBe(400);
    const empty = await send(
      'POST',
      url,
      { content: ' ', target_type: 'building', target_id: buildingId },
      ada,
    );
    expect(empty.statusCode).toBe(400);
    const unknown = await send(
      'POST',
      '/api/comments/999999/replies',
      { content: 'x', target_type: 'building', target_id: buildingId },
      ada,
    );
    expect(unknown.statusCode).toBe(404);
    const anonymous = await send('POST', url, {
      content: 'x',
      target_type: 'building',
      target_id: buildingId,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('counts 20 parallel replies exactly', async () => {
    const parent = await postComment('Busy thread');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(
          'POST',
          `/api/comments/${parent.id}/replies`,
          { content: `r${i}`, target_type: 'building', target_id: buildingId },
          i % 2 ? ada : bob,
        ),
      ),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect((await row(parent.id))!.reply_count).toBe(20);
  });
});

describe('PUT /api/comments/{comment_id}', () => {
  it('lets the owner replace the content and marks it edited', async () => {
    const c = await postComment('first thought');
    const res = await send('PUT', `/api/comments/${c.id}`, { content: '  second thought ' }, ada);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...c, content: 'second thought', edited: true });
    expect((await row(c.id))!.content).toBe('second thought');
  });

  it('does not mark edited when the text is the same', async () => {
    const c = await postComment('unchanged');
    const res = await send('PUT', `/api/comments/${c.id}`, { content: 'unchanged ' }, ada);
    expect(res.json()).toMatchObject({ edited: false });
  });

  it('answers 403 to another user, 401 signed out, 404 unknown, 400 for bad content or ids', async () => {
    const c = await postComment('mine');
    const asBob = await send('PUT', `/api/comments/${c.id}`, { content: 'hijacked' }, bob);
    expect(asBob.statusCode).toBe(403);
    expect(asBob.json()).toMatchObject({ status: 403 });
    expect((await send('PUT', `/api/comments/${c.id}`, { content: 'x' })).statusCode).toBe(401);
    expect((await send('PUT', '/api/comments/999999', { content: 'x' }, ada)).statusCode).toBe(404);
    expect((await send('PUT', `/api/comments/${c.id}`, { content: '   ' }, ada)).statusCode).toBe(400);
    expect((await send('PUT', `/api/comments/${c.id}`, { content: 'a'.repeat(5001) }, ada)).statusCode).toBe(
      400,
    );
    expect((await send('PUT', '/api/comments/x1', { content: 'x' }, ada)).statusCode).toBe(400);
    expect((await row(c.id))!.content).toBe('mine');
  });
});

describe('DELETE /api/comments/{comment_id}', () => {
  const voteOn = (id: number, value: number, who = bob) =>
    send('POST', '/api/votes/comment', { votable_type: 'comment', votable_id: id, vote: value }, who);

  it('removes a comment without replies, with its votes', async () => {
    const c = await postComment('short-lived');
    expect((await voteOn(c.id, 1)).statusCode).toBe(200);
    const res = await send('DELETE', `/api/comments/${c.id}`, undefined, ada);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await row(c.id)).toBeUndefined();
    const left = await t.app.db
      .select()
      .from(votes)
      .where(and(eq(votes.votable_type, 'comment'), eq(votes.votable_id, c.id)));
    expect(left).toHaveLength(0);
    const list = (await get(`/api/comments/building/${buildingId}?per_page=100`)).json<CommentList>();
    expect(list.items.some((i) => i.id === c.id)).toBe(false);
    expect((await send('DELETE', `/api/comments/${c.id}`, undefined, ada)).statusCode).toBe(404);
  });

  it('marks a comment with replies deleted: content gone, still listed, frozen', async () => {
    const c = await postComment('secret opinion');
    const r = await postReply(c, 'a reply', bob);
    expect((await voteOn(c.id, 1)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/comments/${c.id}`, undefined, ada)).statusCode).toBe(204);

    expect(await row(c.id)).toMatchObject({ deleted: true, content: '', reply_count: 1, upvotes: 1 });
    const list = (await get(`/api/comments/building/${buildingId}?per_page=100`)).json<CommentList>();
    expect(list.items.find((i) => i.id === c.id)).toMatchObject({
      deleted: true,
      content: '',
      reply_count: 1,
    });
    const replies = (await get(`/api/comments/${c.id}/replies`)).json<CommentReplies>();
    expect(replies.items.map((i) => i.id)).toEqual([r.id]);

    // A deleted comment cannot be voted on, edited or replied to; deleting it again changes nothing.
    expect((await voteOn(c.id, -1)).statusCode).toBe(409);
    expect((await voteOn(c.id, 1)).statusCode).toBe(409);
    const edit = await send('PUT', `/api/comments/${c.id}`, { content: 'back' }, ada);
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ detail: 'This comment has been deleted.' });
    const reply = await send(
      'POST',
      `/api/comments/${c.id}/replies`,
      { content: 'late', target_type: 'building', target_id: buildingId },
      bob,
    );
    expect(reply.statusCode).toBe(409);
    expect((await send('DELETE', `/api/comments/${c.id}`, undefined, ada)).statusCode).toBe(204);
    expect(await row(c.id)).toMatchObject({ deleted: true, reply_count: 1 });
  });

  it("lowers the parent's reply_count when a reply goes, and removes a deleted parent with its last reply", async () => {
    const c = await postComment('parent');
    const r1 = await postReply(c, 'one', bob);
    const r2 = await postReply(c, 'two', bob);
    expect((await send('DELETE', `/api/comments/${r1.id}`, undefined, bob)).statusCode).toBe(204);
    expect((await row(c.id))!.reply_count).toBe(1);
    expect((await send('DELETE', `/api/comments/${c.id}`, undefined, ada)).statusCode).toBe(204);
    expect(await row(c.id)).toMatchObject({ deleted: true, reply_count: 1 });
    expect((await send('DELETE', `/api/comments/${r2.id}`, undefined, bob)).statusCode).toBe(204);
    expect(await row(r2.id)).toBeUndefined();
    expect(await row(c.id)).toBeUndefined();
  });

  it('keeps a live parent when its last reply goes', async () => {
    const c = await postComment('still here');
    const r = await postReply(c, 'brief', bob);
    expect((await send('DELETE', `/api/comments/${r.id}`, undefined, bob)).statusCode).toBe(204);
    expect(await row(c.id)).toMatchObject({ deleted: false, reply_count: 0, content: 'still here' });
  });

  it('answers 403 to another user, 401 signed out, 400 for a junk id, 404 unknown', async () => {
    const c = await postComment('keep me');
    const asBob = await send('DELETE', `/api/comments/${c.id}`, undefined, bob);
    expect(asBob.statusCode).toBe(403);
    expect((await send('DELETE', `/api/comments/${c.id}`)).statusCode).toBe(401);
    expect((await send('DELETE', '/api/comments/0', undefined, ada)).statusCode).toBe(400);
    expect((await send('DELETE', '/api/comments/abc', undefined, ada)).statusCode).toBe(400);
    expect((await send('DELETE', '/api/comments/999999', undefined, ada)).statusCode).toBe(404);
    expect(await row(c.id)).toMatchObject({ deleted: false, content: 'keep me' });
  });

  it('keeps reply_count exact when replies are added and deleted at once', async () => {
    const c = await postComment('racing');
    const first = await Promise.all(Array.from({ length: 10 }, (_, i) => postReply(c, `early ${i}`, bob)));
    const results = await Promise.all([
      ...first.map((r) => send('DELETE', `/api/comments/${r.id}`, undefined, bob)),
      ...Array.from({ length: 10 }, (_, i) =>
        send(
          'POST',
          `/api/comments/${c.id}/replies`,
          { content: `late ${i}`, target_type: 'building', target_id: buildingId },
          ada,
        ),
      ),
    ]);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.filter((code) => code === 204)).toHaveLength(10);
    const live = await t.app.db.select().from(comments).where(eq(comments.parent_id, c.id));
    expect(live).toHaveLength(10);
    expect((await row(c.id))!.reply_count).toBe(10);
  });
});

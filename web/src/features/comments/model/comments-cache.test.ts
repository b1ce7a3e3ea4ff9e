import { describe, expect, it } from 'vitest';
import type { Comment, CommentList, CommentReplies } from '#domain/comments';
import { commentMaker } from '../testing/comment-fixtures.ts';
import {
  changeListPages,
  changeReplyPages,
  listStateFrom,
  repliesStateFrom,
  type CommentPages,
  type ReplyPages,
} from './comments-cache.ts';

const comment = commentMaker(100);

const listPages = (...pages: Comment[][]): CommentPages => ({
  pages: pages.map((items, i): CommentList => ({ items, page: i + 1, pages: pages.length })),
  pageParams: pages.map((_, i) => i + 1),
});

const replyPages = (parentId: number, ...pages: Comment[][]): ReplyPages => ({
  pages: pages.map((items, i): CommentReplies => ({
    comment_id: parentId,
    items,
    page: i + 1,
    per_page: 20,
    pages: pages.length,
  })),
  pageParams: pages.map((_, i) => i + 1),
});

const ids = (data: CommentPages | ReplyPages) => data.pages.map((p) => p.items.map((c) => c.id));

describe('comment changes in the cached pages (product §4, through the list reducer)', () => {
  it('a new top-level comment goes to the front of page 1 only', () => {
    const [a, b, c] = [comment(), comment(), comment()];
    const added = comment();
    const next = changeListPages(listPages([a, b], [c]), { type: 'commentAdded', comment: added });
    expect(ids(next)).toEqual([[added.id, a.id, b.id], [c.id]]);
  });

  it('a vote follows the toggle rule on whichever page holds the comment; other pages stay the same objects', () => {
    const a = comment();
    const b = comment({ upvotes: 2, user_vote: 1 });
    const data = listPages([a], [b]);
    const next = changeListPages(data, { type: 'commentVoted', commentId: b.id, vote: 1 });
    expect(next.pages[1]?.items[0]).toMatchObject({ upvotes: 1, user_vote: 0 });
    expect(next.pages[0]).toBe(data.pages[0]);
  });

  it('a change that touches no cached comment leaves the cache untouched', () => {
    const data = listPages([comment()]);
    expect(changeListPages(data, { type: 'commentEdited', commentId: 99999, content: 'x' })).toBe(data);
  });

  it('deleting a top-level comment removes it with zero replies, marks it deleted with replies', () => {
    const lone = comment();
    const parent = comment({ reply_count: 1 });
    let next = changeListPages(listPages([lone, parent]), {
      type: 'commentDeleted',
      commentId: lone.id,
      parentId: null,
    });
    next = changeListPages(next, { type: 'commentDeleted', commentId: parent.id, parentId: null });
    expect(next.pages[0]?.items).toEqual([{ ...parent, deleted: true, content: '' }]);
  });

  it('a new reply joins the last loaded page of its replies and raises the parent count in the list', () => {
    const parent = comment({ reply_count: 21 });
    const first = comment({ parent_id: parent.id });
    const second = comment({ parent_id: parent.id });
    const reply = comment({ parent_id: parent.id });
    const replies = changeReplyPages(replyPages(parent.id, [first], [second]), { type: 'replyAdded', reply });
    expect(ids(replies)).toEqual([[first.id], [second.id, reply.id]]);
    const list = changeListPages(listPages([parent]), { type: 'replyAdded', reply });
    expect(list.pages[0]?.items[0]?.reply_count).toBe(22);
  });

  it('deleting a reply removes it from its page; the deleted parent leaves the list with its last reply', () => {
    const parent = comment({ reply_count: 1, deleted: true, content: '' });
    const reply = comment({ parent_id: parent.id });
    const change = { type: 'commentDeleted', commentId: reply.id, parentId: parent.id } as const;
    expect(ids(changeReplyPages(replyPages(parent.id, [reply]), change))).toEqual([[]]);
    expect(ids(changeListPages(listPages([parent]), change))).toEqual([[]]);
  });
});

describe('the list state read from the cached pages (product §3, 4)', () => {
  it('pages merge by id, the last page sets page, pages and hasMore', () => {
    const [a, b, c] = [comment(), comment(), comment()];
    const data = listPages([a, b], [b, c], [c]);
    const state = listStateFrom('popular', data.pages, { loading: false, error: null });
    expect(state.entities.map((x) => x.id)).toEqual([a.id, b.id, c.id]);
    expect(state).toMatchObject({ currentPage: 3, totalPages: 3, hasMore: false, currentSort: 'popular' });
  });

  it('before any page: empty, page 1, hasMore; loading clears an error, a failure stores it', () => {
    expect(listStateFrom('newest', undefined, { loading: true, error: 'x' })).toMatchObject({
      entities: [],
      currentPage: 1,
      hasMore: true,
      isLoading: true,
      error: null,
    });
    expect(
      listStateFrom('newest', undefined, { loading: false, error: 'Failed to fetch comments' }),
    ).toMatchObject({ isLoading: false, error: 'Failed to fetch comments' });
  });

  it("a comment's replies: pages merge, page and pages from the last one", () => {
    const r1 = comment({ parent_id: 1 });
    const r2 = comment({ parent_id: 1 });
    const data = replyPages(1, [r1], [r2]);
    expect(repliesStateFrom(1, data.pages, { loading: false, error: null })).toEqual({
      items: [r1, r2],
      page: 2,
      pages: 2,
      isLoading: false,
      error: null,
    });
    expect(repliesStateFrom(1, undefined, { loading: false, error: 'Error loading replies' })).toMatchObject({
      page: 0,
      error: 'Error loading replies',
    });
  });
});

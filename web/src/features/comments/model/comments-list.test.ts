import { describe, expect, it } from 'vitest';
import { commentMaker } from '../testing/comment-fixtures.ts';
import {
  applyCommentVote,
  commentsListReducer,
  initialCommentsListState,
  mergeById,
  repliesOf,
  type CommentsListState,
} from './comments-list.ts';

const comment = commentMaker(1);

const state = (patch: Partial<CommentsListState> = {}): CommentsListState => ({
  ...initialCommentsListState,
  ...patch,
});

describe('comments list state (product §3)', () => {
  it('starts empty on page 1, not loading, no error, hasMore, sorted newest', () => {
    expect(initialCommentsListState).toEqual({
      entities: [],
      totalPages: 0,
      currentPage: 1,
      isLoading: false,
      error: null,
      hasMore: true,
      currentSort: 'newest',
      replies: {},
    });
  });
});

describe('comments list transitions (product §4, comments list)', () => {
  it('loading starts and clears the error', () => {
    const next = commentsListReducer(state({ error: 'Failed to fetch comments' }), { type: 'fetchStarted' });
    expect(next.isLoading).toBe(true);
    expect(next.error).toBeNull();
  });

  it('success merges items by id (new data overrides) and stops loading', () => {
    const a = comment({ id: 1 });
    const b = comment({ id: 2 });
    const newerA = { ...a, content: 'changed', upvotes: 3 };
    const c = comment({ id: 3 });
    const next = commentsListReducer(state({ entities: [a, b], isLoading: true }), {
      type: 'fetchSucceeded',
      items: [newerA, c],
      pages: 3,
      page: 2,
    });
    expect(next.entities).toEqual([newerA, b, c]);
    expect(next.isLoading).toBe(false);
  });

  it('success replaces the page count and current page', () => {
    const next = commentsListReducer(state({ totalPages: 5, currentPage: 1 }), {
      type: 'fetchSucceeded',
      items: [],
      pages: 2,
      page: 2,
    });
    expect(next.totalPages).toBe(2);
    expect(next.currentPage).toBe(2);
  });

  it('success: hasMore is true while page < pages', () => {
    const after = (page: number, pages: number) =>
      commentsListReducer(state(), { type: 'fetchSucceeded', items: [], pages, page }).hasMore;
    expect(after(1, 3)).toBe(true);
    expect(after(2, 3)).toBe(true);
    expect(after(3, 3)).toBe(false);
    expect(after(1, 0)).toBe(false); // no comments at all
  });

  it('an error stores the message and stops loading', () => {
    const next = commentsListReducer(state({ isLoading: true }), {
      type: 'fetchFailed',
      error: 'Failed to fetch comments',
    });
    expect(next.error).toBe('Failed to fetch comments');
    expect(next.isLoading).toBe(false);
  });

  it('changing sort empties the list, resets to page 1 and hasMore true', () => {
    const next = commentsListReducer(
      state({ entities: [comment()], currentPage: 3, hasMore: false, totalPages: 3 }),
      { type: 'sortChanged', sort: 'popular' },
    );
    expect(next.entities).toEqual([]);
    expect(next.currentPage).toBe(1);
    expect(next.hasMore).toBe(true);
    expect(next.currentSort).toBe('popular');
  });

  it('clearing does the same without changing sort', () => {
    const next = commentsListReducer(
      state({ entities: [comment()], currentPage: 2, hasMore: false, currentSort: 'controversial' }),
      { type: 'cleared' },
    );
    expect(next.entities).toEqual([]);
    expect(next.currentPage).toBe(1);
    expect(next.hasMore).toBe(true);
    expect(next.currentSort).toBe('controversial');
  });
});

describe('comment changes (product §4)', () => {
  it('a new top-level comment goes to the front of the list', () => {
    const old = comment();
    const added = comment();
    const next = commentsListReducer(state({ entities: [old] }), { type: 'commentAdded', comment: added });
    expect(next.entities.map((c) => c.id)).toEqual([added.id, old.id]);
  });

  it('reply count rises for a comment', () => {
    const parent = comment({ reply_count: 2 });
    const next = commentsListReducer(state({ entities: [parent] }), {
      type: 'replyCountChanged',
      commentId: parent.id,
      delta: 1,
    });
    expect(next.entities[0]?.reply_count).toBe(3);
  });

  it('reply count falls for a comment (not below 0)', () => {
    const parent = comment({ reply_count: 1 });
    const once = commentsListReducer(state({ entities: [parent] }), {
      type: 'replyCountChanged',
      commentId: parent.id,
      delta: -1,
    });
    expect(once.entities[0]?.reply_count).toBe(0);
    const twice = commentsListReducer(once, { type: 'replyCountChanged', commentId: parent.id, delta: -1 });
    expect(twice.entities[0]?.reply_count).toBe(0);
  });

  it('a new reply raises its parent reply count and joins loaded replies', () => {
    const parent = comment({ reply_count: 1 });
    const first = comment({ parent_id: parent.id });
    const loaded = commentsListReducer(state({ entities: [parent] }), {
      type: 'repliesFetchSucceeded',
      commentId: parent.id,
      items: [first],
      page: 1,
      pages: 1,
    });
    const reply = comment({ parent_id: parent.id });
    const next = commentsListReducer(loaded, { type: 'replyAdded', reply });
    expect(next.entities[0]?.reply_count).toBe(2);
    expect(repliesOf(next, parent.id).items.map((c) => c.id)).toEqual([first.id, reply.id]);
  });

  it('a new reply to replies not loaded yet only raises the count (opening loads them)', () => {
    const parent = comment();
    const next = commentsListReducer(state({ entities: [parent] }), {
      type: 'replyAdded',
      reply: comment({ parent_id: parent.id }),
    });
    expect(next.entities[0]?.reply_count).toBe(1);
    expect(next.replies[parent.id]).toBeUndefined();
  });

  it('deleting a top-level comment with zero replies removes it', () => {
    const keep = comment();
    const gone = comment({ reply_count: 0 });
    const next = commentsListReducer(state({ entities: [keep, gone] }), {
      type: 'commentDeleted',
      commentId: gone.id,
      parentId: null,
    });
    expect(next.entities).toEqual([keep]);
  });

  it('deleting a top-level comment with replies marks it deleted', () => {
    const parent = comment({ reply_count: 2, content: 'secret' });
    const next = commentsListReducer(state({ entities: [parent] }), {
      type: 'commentDeleted',
      commentId: parent.id,
      parentId: null,
    });
    expect(next.entities).toHaveLength(1);
    expect(next.entities[0]).toMatchObject({ id: parent.id, deleted: true, content: '', reply_count: 2 });
  });

  it('deleting a reply removes it and its parent reply count falls', () => {
    const parent = comment({ reply_count: 2 });
    const r1 = comment({ parent_id: parent.id });
    const r2 = comment({ parent_id: parent.id });
    const loaded = commentsListReducer(state({ entities: [parent] }), {
      type: 'repliesFetchSucceeded',
      commentId: parent.id,
      items: [r1, r2],
      page: 1,
      pages: 1,
    });
    const next = commentsListReducer(loaded, {
      type: 'commentDeleted',
      commentId: r1.id,
      parentId: parent.id,
    });
    expect(repliesOf(next, parent.id).items).toEqual([r2]);
    expect(next.entities[0]?.reply_count).toBe(1);
  });

  it('deleting the last reply of a deleted comment removes the comment too (as the server does)', () => {
    const parent = comment({ reply_count: 1, deleted: true, content: '' });
    const reply = comment({ parent_id: parent.id });
    const loaded = commentsListReducer(state({ entities: [parent] }), {
      type: 'repliesFetchSucceeded',
      commentId: parent.id,
      items: [reply],
      page: 1,
      pages: 1,
    });
    const next = commentsListReducer(loaded, {
      type: 'commentDeleted',
      commentId: reply.id,
      parentId: parent.id,
    });
    expect(next.entities).toEqual([]);
  });

  it('editing replaces its content and marks it edited (top-level or reply)', () => {
    const parent = comment({ reply_count: 1 });
    const reply = comment({ parent_id: parent.id });
    let next = commentsListReducer(state({ entities: [parent] }), {
      type: 'repliesFetchSucceeded',
      commentId: parent.id,
      items: [reply],
      page: 1,
      pages: 1,
    });
    next = commentsListReducer(next, { type: 'commentEdited', commentId: parent.id, content: 'new words' });
    next = commentsListReducer(next, { type: 'commentEdited', commentId: reply.id, content: 'reply words' });
    expect(next.entities[0]).toMatchObject({ content: 'new words', edited: true });
    expect(repliesOf(next, parent.id).items[0]).toMatchObject({ content: 'reply words', edited: true });
  });
});

describe('comment vote (product §4)', () => {
  it('a first upvote sets the vote and its count rises', () => {
    expect(applyCommentVote(comment({ upvotes: 2, downvotes: 1, user_vote: 0 }), 1)).toMatchObject({
      upvotes: 3,
      downvotes: 1,
      user_vote: 1,
    });
  });

  it('a first downvote sets the vote and its count rises', () => {
    expect(applyCommentVote(comment({ upvotes: 2, downvotes: 1, user_vote: 0 }), -1)).toMatchObject({
      upvotes: 2,
      downvotes: 2,
      user_vote: -1,
    });
  });

  it('the same vote again becomes 0 (toggle off) after the previous vote is removed', () => {
    expect(applyCommentVote(comment({ upvotes: 3, downvotes: 1, user_vote: 1 }), 1)).toMatchObject({
      upvotes: 2,
      downvotes: 1,
      user_vote: 0,
    });
    expect(applyCommentVote(comment({ upvotes: 3, downvotes: 1, user_vote: -1 }), -1)).toMatchObject({
      upvotes: 3,
      downvotes: 0,
      user_vote: 0,
    });
  });

  it('switching removes the previous vote first, then the new count rises', () => {
    expect(applyCommentVote(comment({ upvotes: 3, downvotes: 1, user_vote: 1 }), -1)).toMatchObject({
      upvotes: 2,
      downvotes: 2,
      user_vote: -1,
    });
  });

  it('the reducer applies the vote rule to a top-level comment or a reply', () => {
    const parent = comment({ upvotes: 1, reply_count: 1 });
    const reply = comment({ parent_id: parent.id, downvotes: 4, user_vote: -1 });
    let next = commentsListReducer(state({ entities: [parent] }), {
      type: 'repliesFetchSucceeded',
      commentId: parent.id,
      items: [reply],
      page: 1,
      pages: 1,
    });
    next = commentsListReducer(next, { type: 'commentVoted', commentId: parent.id, vote: 1 });
    next = commentsListReducer(next, { type: 'commentVoted', commentId: reply.id, vote: -1 });
    expect(next.entities[0]).toMatchObject({ upvotes: 2, user_vote: 1 });
    expect(repliesOf(next, parent.id).items[0]).toMatchObject({ downvotes: 3, user_vote: 0 });
  });

  it("the server's answer settles the counts and the vote (or undoes a failed vote)", () => {
    const c = comment({ upvotes: 2, user_vote: 1 });
    const next = commentsListReducer(state({ entities: [c] }), {
      type: 'commentVoteSettled',
      commentId: c.id,
      upvotes: 5,
      downvotes: 1,
      userVote: 0,
    });
    expect(next.entities[0]).toMatchObject({ upvotes: 5, downvotes: 1, user_vote: 0 });
  });
});

describe('replies (product §3: replies response, paged; product §8: Error loading replies)', () => {
  it('loading starts and clears an earlier replies error', () => {
    const failed = commentsListReducer(state(), {
      type: 'repliesFetchFailed',
      commentId: 1,
      error: 'Error loading replies',
    });
    const next = commentsListReducer(failed, { type: 'repliesFetchStarted', commentId: 1 });
    expect(next.replies[1]).toMatchObject({ isLoading: true, error: null });
  });

  it('success merges pages by id and records page and pages', () => {
    const parent = 1;
    const r1 = comment({ parent_id: parent });
    const r2 = comment({ parent_id: parent });
    let next = commentsListReducer(state(), {
      type: 'repliesFetchSucceeded',
      commentId: parent,
      items: [r1],
      page: 1,
      pages: 2,
    });
    next = commentsListReducer(next, {
      type: 'repliesFetchSucceeded',
      commentId: parent,
      items: [{ ...r1, upvotes: 9 }, r2],
      page: 2,
      pages: 2,
    });
    expect(repliesOf(next, parent)).toEqual({
      items: [{ ...r1, upvotes: 9 }, r2],
      page: 2,
      pages: 2,
      isLoading: false,
      error: null,
    });
  });

  it('an error stores the message and stops loading', () => {
    const loading = commentsListReducer(state(), { type: 'repliesFetchStarted', commentId: 3 });
    const next = commentsListReducer(loading, {
      type: 'repliesFetchFailed',
      commentId: 3,
      error: 'Error loading replies',
    });
    expect(repliesOf(next, 3)).toMatchObject({ isLoading: false, error: 'Error loading replies' });
  });
});

describe('mergeById', () => {
  it('keeps order, replaces in place and appends new ids once', () => {
    const a = comment();
    const b = comment();
    expect(mergeById([a, b], [b, a, b]).map((c) => c.id)).toEqual([a.id, b.id]);
  });
});

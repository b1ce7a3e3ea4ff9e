import { describe, expect, it } from 'vitest';
import {
  COMMENT_MAX_LENGTH,
  commentContentSchema,
  commentsQuerySchema,
  newReplyBodySchema,
  pageCount,
  repliesQuerySchema,
} from './comments.ts';

describe('comment content: trimmed, non-empty, at most 5,000 characters, plain text', () => {
  it('trims', () => {
    expect(commentContentSchema.parse('  hello \n')).toBe('hello');
  });

  it('refuses empty and whitespace-only text', () => {
    expect(commentContentSchema.safeParse('').success).toBe(false);
    expect(commentContentSchema.safeParse(' \t\n ').success).toBe(false);
  });

  it('takes 5,000 characters and refuses 5,001 (counted as characters, not UTF-16 units)', () => {
    expect(COMMENT_MAX_LENGTH).toBe(5000);
    expect(commentContentSchema.safeParse('x'.repeat(5000)).success).toBe(true);
    expect(commentContentSchema.safeParse('x'.repeat(5001)).success).toBe(false);
    expect(commentContentSchema.safeParse('🏛'.repeat(5000)).success).toBe(true);
    expect(commentContentSchema.safeParse('🏛'.repeat(5001)).success).toBe(false);
  });

  it('keeps markup as it is', () => {
    expect(commentContentSchema.parse('<b>x</b>')).toBe('<b>x</b>');
  });

  it('refuses characters a text column cannot hold', () => {
    expect(commentContentSchema.safeParse('a\u0000b').success).toBe(false);
    expect(commentContentSchema.safeParse('a\udc00b').success).toBe(false);
    expect(commentContentSchema.safeParse('a\ud83c').success).toBe(false);
  });
});

describe('product §9: comment paging', () => {
  it('top-level list: page 1, 2 per page, newest by default', () => {
    expect(commentsQuerySchema.parse({})).toEqual({ page: 1, per_page: 2, sort: 'newest' });
    expect(commentsQuerySchema.parse({ page: '3', per_page: '100', sort: 'controversial' })).toEqual({
      page: 3,
      per_page: 100,
      sort: 'controversial',
    });
  });

  it('replies: 20 per page by default', () => {
    expect(repliesQuerySchema.parse({})).toEqual({ page: 1, per_page: 20 });
  });

  it('refuses junk, zero and more than 100 per page', () => {
    for (const q of [
      { page: '0' },
      { page: 'x' },
      { per_page: '101' },
      { per_page: '0' },
      { sort: 'best' },
    ]) {
      expect(commentsQuerySchema.safeParse(q).success).toBe(false);
    }
  });

  it('counts pages; none when empty', () => {
    expect(pageCount(0, 2)).toBe(0);
    expect(pageCount(1, 2)).toBe(1);
    expect(pageCount(4, 2)).toBe(2);
    expect(pageCount(5, 2)).toBe(3);
  });
});

describe('reply body', () => {
  it('carries the content and the target of the parent', () => {
    expect(newReplyBodySchema.parse({ content: ' ok ', target_type: 'image', target_id: 4 })).toEqual({
      content: 'ok',
      target_type: 'image',
      target_id: 4,
    });
    expect(newReplyBodySchema.safeParse({ content: 'ok', target_type: 'list', target_id: 4 }).success).toBe(
      false,
    );
    expect(
      newReplyBodySchema.safeParse({ content: 'ok', target_type: 'image', target_id: '4' }).success,
    ).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { Comment } from '#domain/comments';
import {
  COMMENT_LAYOUT_BREAKPOINT_PX,
  COMMENT_TEXTS,
  canChangeComment,
  canReplyToComment,
  canVoteOnComment,
  commentVoteLabel,
  commentsErrorText,
  repliesToggleText,
} from './comment-rules.ts';
import { commentMaker } from '../testing/comment-fixtures.ts';
import { setCatalogue } from '../../../lib/i18n.ts';

/** Comment 1 by user 7 (a fresh maker each time, so the id stays 1 unless the patch says). */
const comment = (patch: Partial<Comment> = {}): Comment => commentMaker(1)({ content: 'hello', ...patch });

describe('comment permissions (product §6 and 2)', () => {
  it("product §6: only the owner (user_id equals the current user's id) may edit and delete", () => {
    expect(canChangeComment(comment(), 7)).toBe(true);
    expect(canChangeComment(comment(), 8)).toBe(false);
    expect(canChangeComment(comment(), null)).toBe(false);
  });

  it("a moderator may edit and delete anyone's comment, never a deleted one", () => {
    expect(canChangeComment(comment(), 8, true)).toBe(true);
    expect(canChangeComment(comment(), null, true)).toBe(false);
    expect(canChangeComment(comment({ deleted: true }), 8, true)).toBe(false);
  });

  it('product §2: a deleted comment cannot be edited or voted on', () => {
    expect(canChangeComment(comment({ deleted: true }), 7)).toBe(false);
    expect(canVoteOnComment(comment({ deleted: true }))).toBe(false);
    expect(canVoteOnComment(comment())).toBe(true);
  });

  it('replies go to top-level comments that are not deleted', () => {
    expect(canReplyToComment(comment())).toBe(true);
    expect(canReplyToComment(comment({ parent_id: 3 }))).toBe(false);
    expect(canReplyToComment(comment({ deleted: true }))).toBe(false);
  });
});

describe('comment texts (product §2, 5, 8, 9)', () => {
  it("product §2: the replies toggle reads 'Show/Hide Replies (n)'", () => {
    expect(repliesToggleText(false, 3)).toBe('Show Replies (3)');
    expect(repliesToggleText(true, 1)).toBe('Hide Replies (1)');
  });

  it("product §8: the list error shows as 'Error loading comments: {message}'", () => {
    expect(commentsErrorText(COMMENT_TEXTS.fetchFailed)).toBe(
      'Error loading comments: Failed to fetch comments',
    );
  });

  it('product §2, 5, 8: the fixed texts', () => {
    expect(COMMENT_TEXTS).toEqual({
      deleted: 'This comment has been deleted',
      confirmDelete: 'Are you sure you want to delete this comment?',
      fetchFailed: 'Failed to fetch comments',
      addFailed: 'Failed to add comment',
      repliesFailed: 'Error loading replies',
      loadMore: 'Load More',
    });
  });

  it('product §9: the layout switches at 768 px', () => {
    expect(COMMENT_LAYOUT_BREAKPOINT_PX).toBe(768);
  });
});

describe('comment vote buttons (product §2: up/down votes)', () => {
  it('name the direction and the count', () => {
    expect(commentVoteLabel(1, 3)).toBe('Upvote, 3 votes');
    expect(commentVoteLabel(-1, 1)).toBe('Downvote, 1 vote');
  });

  it('speak the page language, with its plural forms', () => {
    setCatalogue('fr', {
      'Upvote, {count, plural, one {# vote} other {# votes}}':
        'Voter pour, {count, plural, one {# vote} other {# votes}}',
      'Show Replies ({count})': 'Afficher les réponses ({count})',
      'Error loading comments: {message}': 'Erreur de chargement des commentaires : {message}',
      'Failed to fetch comments': 'Impossible de récupérer les commentaires',
    });
    expect(commentVoteLabel(1, 0)).toBe('Voter pour, 0 vote');
    expect(commentVoteLabel(1, 2)).toBe('Voter pour, 2 votes');
    expect(repliesToggleText(false, 4)).toBe('Afficher les réponses (4)');
    expect(commentsErrorText(COMMENT_TEXTS.fetchFailed)).toBe(
      'Erreur de chargement des commentaires : Impossible de récupérer les commentaires',
    );
  });
});

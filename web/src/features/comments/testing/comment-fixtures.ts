/** Test fixtures for the comments feature. */
import type { Comment } from '#domain/comments';

/**
 * A maker of comments as the API returns them: each without an `id` in `patch` gets the next id
 * from `firstId` on, and the content `comment <id>`.
 */
export function commentMaker(firstId: number): (patch?: Partial<Comment>) => Comment {
  let nextId = firstId;
  return (patch = {}) => {
    const id = patch.id ?? nextId++;
    return {
      id,
      username: 'ada',
      user_id: 7,
      content: `comment ${id}`,
      target_type: 'building',
      target_id: 1,
      parent_id: null,
      deleted: false,
      reply_count: 0,
      upvotes: 0,
      downvotes: 0,
      user_vote: 0,
      edited: false,
      created_at: '2026-01-01T00:00:00Z',
      ...patch,
    };
  };
}

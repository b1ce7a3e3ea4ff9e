/** /api/comments (product §7): a target's comments, replies, and their writes. */
import { z } from 'zod';
import {
  commentIdParamsSchema,
  commentListSchema,
  commentRepliesSchema,
  commentSchema,
  commentsQuerySchema,
  commentTargetParamsSchema,
  editCommentBodySchema,
  newCommentBodySchema,
  newReplyBodySchema,
  repliesQuerySchema,
} from '../comments.ts';
import { problems, read, record, write, type EndpointDocs } from './define.ts';

/** The writes' errors besides the standard problems. */
const writeErrors = problems(403, 409);

const target = record('/comments/:target_type/:target_id', commentTargetParamsSchema);
const comment = record('/comments/:comment_id', commentIdParamsSchema);

export const commentEndpoints = {
  list: read(target, '', { query: commentsQuerySchema, responses: { 200: commentListSchema } }),
  create: write('POST', target, '', {
    body: newCommentBodySchema,
    responses: { 201: commentSchema, ...writeErrors },
  }),
  replies: read(comment, '/replies', { query: repliesQuerySchema, responses: { 200: commentRepliesSchema } }),
  reply: write('POST', comment, '/replies', {
    body: newReplyBodySchema,
    responses: { 201: commentSchema, ...writeErrors },
  }),
  edit: write('PUT', comment, '', {
    body: editCommentBodySchema,
    responses: { 200: commentSchema, ...writeErrors },
  }),
  remove: write('DELETE', comment, '', { responses: { 204: z.null(), ...writeErrors } }),
};

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const commentDocs: EndpointDocs<typeof commentEndpoints> = {
  list: {
    summary: "A page of a building's or image's top-level comments",
    description:
      'newest: newest first. popular: most net votes (up minus down), ties by more votes, then newer. ' +
      'controversial: (up + down) ^ (min(up, down) / max(up, down)), 0 when either is 0, ties by newer. ' +
      'A deleted comment that still has replies is listed with content "".',
  },
  create: {
    summary: 'Comment on a building or image',
  },
  replies: {
    summary: "A page of a comment's replies, oldest first",
  },
  reply: {
    summary: 'Reply to a comment',
    description:
      'Threads are two levels deep: a reply to a reply is attached to its top-level comment ' +
      '(see parent_id in the answer). A deleted comment takes no replies (409).',
  },
  edit: {
    summary: 'Edit your comment',
    description: 'Marks the comment edited when the text changes. A deleted comment cannot be edited (409).',
  },
  remove: {
    summary: 'Delete your comment',
    description:
      'A top-level comment with replies stays, marked deleted with its content removed; any other ' +
      "comment is removed and its parent's reply_count falls.",
  },
};

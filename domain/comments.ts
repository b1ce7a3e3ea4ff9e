import { z } from 'zod';
import { PER_PAGE_MAX } from './constants.ts';
import { ID_MAX, idParam, integerParam } from './query-params.ts';

/** Product §9: the top-level list shows 2 per page, first page 1, newest first; replies 20 per page. */
export const COMMENTS_PER_PAGE = 2;
export const REPLIES_PER_PAGE = 20;
export const COMMENT_SORTS = ['newest', 'popular', 'controversial'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];
export const DEFAULT_COMMENT_SORT: CommentSort = 'newest';
export const COMMENT_MAX_LENGTH = 5000;

export const COMMENT_TARGET_TYPES = ['building', 'image'] as const;
export type CommentTargetType = (typeof COMMENT_TARGET_TYPES)[number];

/** Pages needed for `total` items; 0 when there are none (so `page < pages` is false at once). */
export function pageCount(total: number, perPage: number): number {
  return Math.ceil(total / perPage);
}

// Lone UTF-16 surrogates cannot be stored as UTF-8 text; NUL cannot be stored in a text column.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why comment text (already trimmed) is not acceptable, or null when it is. */
export function commentContentProblem(content: string): string | null {
  if (content.length === 0) return 'Comment cannot be empty.';
  // Characters as PostgreSQL counts them (code points), so the column's CHECK agrees.
  if ([...content].length > COMMENT_MAX_LENGTH) {
    return `A comment can have at most ${COMMENT_MAX_LENGTH} characters.`;
  }
  if (content.includes('\u0000') || LONE_SURROGATE.test(content)) {
    return 'Comment contains characters that cannot be stored.';
  }
  return null;
}

/** Comment text: trimmed, non-empty, at most 5,000 characters; plain text, never HTML. */
export const commentContentSchema = z
  .string({ error: 'content must be text' })
  .trim()
  .superRefine((content, ctx) => {
    const problem = commentContentProblem(content);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .describe(`Plain text, trimmed, 1 to ${COMMENT_MAX_LENGTH} characters`);

export const commentTargetTypeSchema = z
  .enum(COMMENT_TARGET_TYPES, { error: 'target_type must be building or image' })
  .meta({ id: 'CommentTargetType' });

/** Product §3. A deleted comment has content '' (the web shows 'This comment has been deleted'). */
export const commentSchema = z
  .object({
    id: z.number().int(),
    username: z.string().describe("The author's handle"),
    user_id: z.number().int(),
    content: z.string(),
    target_type: commentTargetTypeSchema,
    target_id: z.number().int(),
    parent_id: z.number().int().nullable().describe('The top-level comment a reply belongs to'),
    deleted: z.boolean(),
    reply_count: z.number().int(),
    upvotes: z.number().int(),
    downvotes: z.number().int(),
    user_vote: z
      .union([z.literal(1), z.literal(0), z.literal(-1)])
      .describe("The signed-in reader's vote: 1 up, -1 down, 0 none"),
    edited: z.boolean(),
    created_at: z.string(),
    /** Present when moderators hid the comment: only its author and moderators get it then (docs/api.md). */
    hidden: z.literal(true).optional(),
  })
  .meta({ id: 'Comment' });

export type Comment = z.infer<typeof commentSchema>;

export const commentListSchema = z
  .object({
    items: z.array(commentSchema),
    pages: z.number().int(),
    page: z.number().int(),
  })
  .meta({ id: 'CommentList' });

export type CommentList = z.infer<typeof commentListSchema>;

export const commentRepliesSchema = z
  .object({
    comment_id: z.number().int(),
    items: z.array(commentSchema),
    page: z.number().int(),
    per_page: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'CommentReplies' });

export type CommentReplies = z.infer<typeof commentRepliesSchema>;

// ---------------------------------------------------------------------------------------------
// Paths and queries

export const commentTargetParamsSchema = z.object({
  target_type: commentTargetTypeSchema,
  target_id: idParam('target_id'),
});

export const commentIdParamsSchema = z.object({
  comment_id: idParam('comment_id'),
});

const pageParam = integerParam('page').pipe(
  z.number().int().min(1, 'page must be 1 or more').max(ID_MAX, 'page is too large'),
);
const perPageParam = integerParam('per_page').pipe(
  z
    .number()
    .int()
    .min(1, `per_page must be between 1 and ${PER_PAGE_MAX}`)
    .max(PER_PAGE_MAX, `per_page must be between 1 and ${PER_PAGE_MAX}`),
);

export const commentsQuerySchema = z.object({
  page: pageParam.optional().default(1),
  per_page: perPageParam.optional().default(COMMENTS_PER_PAGE),
  sort: z
    .enum(COMMENT_SORTS, { error: () => `sort must be one of ${COMMENT_SORTS.join(', ')}` })
    .optional()
    .default(DEFAULT_COMMENT_SORT),
});

export type CommentsQuery = z.infer<typeof commentsQuerySchema>;

export const repliesQuerySchema = z.object({
  page: pageParam.optional().default(1),
  per_page: perPageParam.optional().default(REPLIES_PER_PAGE),
});

export type RepliesQuery = z.infer<typeof repliesQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Bodies

export const newCommentBodySchema = z.object({ content: commentContentSchema }).meta({ id: 'NewComment' });

export const newReplyBodySchema = z
  .object({
    content: commentContentSchema,
    target_type: commentTargetTypeSchema.describe("Must equal the parent comment's target_type"),
    target_id: z
      .number({ error: 'target_id must be a number' })
      .int('target_id must be a whole number')
      .positive('target_id must be a positive whole number')
      .max(ID_MAX, 'target_id is too large')
      .describe("Must equal the parent comment's target_id"),
  })
  .meta({ id: 'NewReply' });

export type NewReplyBody = z.infer<typeof newReplyBodySchema>;

export const editCommentBodySchema = z.object({ content: commentContentSchema }).meta({ id: 'CommentEdit' });

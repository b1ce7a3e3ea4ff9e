/** The card list: GET /api/buildings/, its query (filters, page, a user's buildings) and its cards. */
import { z } from 'zod';
import { pagingParams } from './query-params.ts';
import { voteStatsSchema, userVoteSchema } from './votes.ts';
import { FACE_VOTE_OF, type FaceName } from './images.ts';
import { BUILDINGS_PER_PAGE_DEFAULT, LIST_MAX_ITEMS } from './constants.ts';
import { coordinatesSchema } from './coordinates.ts';
import { buildingFiltersShape, checkViewport } from './building-filters.ts';

/** Sorts of the card list: date added (the default), or vote date for a user's rated buildings. */
export const BUILDING_LIST_SORTS = ['date_added', 'vote_date'] as const;
export type BuildingListSort = (typeof BUILDING_LIST_SORTS)[number];

const handleFilter = (label: string) =>
  z
    .string({ error: `${label} must be a handle` })
    .trim()
    .min(1, `${label} must be a handle`)
    .max(100, `${label} must be a handle`);

/** A face as the rated-buildings filter takes it: smile, meh, frown or 1, 0, -1. */
const voteTypeParam = z
  .enum(['smile', 'meh', 'frown', '1', '0', '-1'], {
    error: 'vote_type must be smile, meh or frown (or 1, 0, -1)',
  })
  .transform((v): 1 | 0 | -1 =>
    v in FACE_VOTE_OF ? FACE_VOTE_OF[v as FaceName] : (Number(v) as 1 | 0 | -1),
  );

/** GET /api/buildings/: the filters plus a page, and a user's added or rated buildings. */
export const buildingListQuerySchema = z
  .object({
    ...buildingFiltersShape,
    user_handle: handleFilter('user_handle').optional().describe('Only buildings this user added'),
    vote_user_handle: handleFilter('vote_user_handle')
      .optional()
      .describe('Only buildings this user voted on (rated buildings); only that user may ask'),
    vote_type: voteTypeParam
      .optional()
      .describe('With vote_user_handle: only buildings the user gave this face (smile/1, meh/0, frown/-1)'),
    sort_by: z
      .enum(BUILDING_LIST_SORTS, { error: () => `sort_by must be one of ${BUILDING_LIST_SORTS.join(', ')}` })
      .optional()
      .describe('date_added, or vote_date (needs vote_user_handle, and is its default)'),
    sort_order: z
      .enum(['asc', 'desc'], { error: 'sort_order must be asc or desc' })
      .optional()
      .default('desc'),
    ...pagingParams(BUILDINGS_PER_PAGE_DEFAULT),
  })
  .superRefine(checkViewport)
  .superRefine((q, ctx) => {
    if (q.vote_type !== undefined && q.vote_user_handle === undefined) {
      ctx.addIssue({ code: 'custom', path: ['vote_type'], message: 'vote_type needs vote_user_handle' });
    }
    if (q.sort_by === 'vote_date' && q.vote_user_handle === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['sort_by'],
        message: 'sort_by=vote_date needs vote_user_handle',
      });
    }
    if ((q.page - 1) * q.per_page >= LIST_MAX_ITEMS) {
      ctx.addIssue({
        code: 'custom',
        path: ['page'],
        message: listTooDeepMessage(q.per_page),
      });
    }
  });

/** The last page the card list serves at `perPage` items a page. */
export const listMaxPage = (perPage: number): number => Math.ceil(LIST_MAX_ITEMS / perPage);

export const listTooDeepMessage = (perPage: number): string =>
  `The list shows the first ${LIST_MAX_ITEMS} buildings only: page ${listMaxPage(perPage)} is the last at ` +
  `${perPage} per page. Narrow the filters or move the map to see others.`;

export type BuildingListQuery = z.infer<typeof buildingListQuerySchema>;

/** One card of the explore list. */
export const buildingCardSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    year_built: z.number().int().nullable(),
    year_demolished: z.number().int().nullable(),
    cover_image: z.string().nullable(),
    vote_stats: voteStatsSchema,
    coordinates: coordinatesSchema,
    user_vote: userVoteSchema
      .optional()
      .describe("Rated-buildings lists only: the vote_user_handle user's face (1 smile, 0 meh, -1 frown)"),
    voted_at: z
      .string()
      .optional()
      .describe('Rated-buildings lists only: when that user last voted on it (ISO 8601)'),
  })
  .meta({ id: 'BuildingCard' });

export type BuildingCard = z.infer<typeof buildingCardSchema>;

export const buildingListSchema = z
  .object({
    items: z.array(buildingCardSchema),
    total: z
      .number()
      .int()
      .describe(
        `Matching buildings; when total_exact is false, at least this many (counting stops at ${LIST_MAX_ITEMS})`,
      ),
    total_exact: z.boolean().describe('false when total is a lower bound'),
    page: z.number().int(),
    per_page: z.number().int(),
    pages: z
      .number()
      .int()
      .describe(
        `Pages that can be asked for: the list goes no further than its first ${LIST_MAX_ITEMS} buildings`,
      ),
  })
  .meta({ id: 'BuildingList' });

export type BuildingList = z.infer<typeof buildingListSchema>;

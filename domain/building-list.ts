/** The card list: GET /api/buildings/, its query (filters, page, a user's buildings) and its cards. */
import { z } from 'zod';
import { pagingParams } from './query-params.ts';
import { voteStatsSchema, userVoteSchema } from './votes.ts';
import { FACE_VOTE_OF, type FaceName } from './images.ts';
import { BUILDINGS_PER_PAGE_DEFAULT, LIST_MAX_ITEMS } from './constants.ts';
import { coordinatesSchema } from './coordinates.ts';
import { buildingFiltersShape, checkViewport } from './building-filters.ts';

/**
 * Sorts of the card list: date added (the default), vote date for a user's rated buildings, or
 * distance from a point (`near`, the map's centre: 'Near me').
 */
export const BUILDING_LIST_SORTS = ['date_added', 'vote_date', 'distance'] as const;
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

/**
 * A point as `near` takes it: 'lat,lng' in degrees (48.8566,2.3522), read into [lat, lng];
 * a longitude of a panned map beyond ±180 is wrapped back.
 */
const nearParam = z
  .string()
  .trim()
  .regex(/^[+-]?\d{1,3}(?:\.\d+)?,[+-]?\d{1,3}(?:\.\d+)?$/, 'near must be lat,lng in degrees')
  .transform((v) => v.split(',').map(Number) as [number, number])
  .superRefine(([lat, lng], ctx) => {
    if (lat < -90 || lat > 90)
      ctx.addIssue({ code: 'custom', message: 'near: lat must be between -90 and 90' });
    if (lng < -540 || lng > 540)
      ctx.addIssue({ code: 'custom', message: 'near: lng must be between -540 and 540' });
  })
  .transform(([lat, lng]): [number, number] => [
    lat,
    lng >= -180 && lng <= 180 ? lng : ((((lng + 180) % 360) + 360) % 360) - 180,
  ]);

/**
 * Where sort_by=distance measures from: `near`, else the viewport's centre as [lat, lng] (a
 * viewport across the antimeridian, west east of east, is centred on its own side, wrapped).
 * Null when the query has neither.
 */
export function distanceOrigin(q: {
  near?: [number, number] | undefined;
  north?: number | undefined;
  south?: number | undefined;
  east?: number | undefined;
  west?: number | undefined;
}): [number, number] | null {
  if (q.near) return q.near;
  if (q.north === undefined || q.south === undefined || q.east === undefined || q.west === undefined)
    return null;
  const lng = (q.west + q.east + (q.west > q.east ? 360 : 0)) / 2;
  return [
    (q.north + q.south) / 2,
    lng >= -180 && lng <= 180 ? lng : ((((lng + 180) % 360) + 360) % 360) - 180,
  ];
}

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
      .describe(
        'date_added, vote_date (needs vote_user_handle, and is its default), or distance (from near, else the viewport centre)',
      ),
    sort_order: z
      .enum(['asc', 'desc'], { error: 'sort_order must be asc or desc' })
      .optional()
      .describe('desc (newest first) by default; distance: asc (nearest first) by default'),
    near: nearParam
      .optional()
      .describe(
        "With sort_by=distance: the point to measure from, 'lat,lng'; the viewport's centre when left out",
      ),
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
    if (q.sort_by === 'distance' && q.near === undefined && q.north === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['near'],
        message: 'sort_by=distance needs near=lat,lng or a viewport (north, south, east, west)',
      });
    }
    if (q.near !== undefined && q.sort_by !== 'distance') {
      ctx.addIssue({ code: 'custom', path: ['near'], message: 'near goes with sort_by=distance' });
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
    distance_m: z
      .number()
      .optional()
      .describe('sort_by=distance only: metres from `near` along the great circle (whole metres)'),
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

import { z } from 'zod';
import { ID_MAX, idListParam, idParam, integerParam, numberParam } from './query-params.ts';
import { voteStatsSchema, userVoteSchema } from './votes.ts';
import { FACE_VOTE_OF, type FaceName } from './images.ts';
import { architecturalStyleSchema } from './styles.ts';
import { architectNamesSchema, architectRefSchema } from './architects.ts';
import {
  BUILDINGS_PER_PAGE_DEFAULT,
  currentYear,
  LIST_MAX_ITEMS,
  PER_PAGE_MAX,
  YEAR_MIN,
} from './constants.ts';
import { problemSchema } from './problem.ts';
import { MAP_ZOOM_MAX, MAP_ZOOM_MIN } from './map-grid.ts';

/**
 * Product §5 messages of the building payload: the server answers them and the web's building
 * forms (edit form, Create Building wizard) show them, both from the schemas below.
 */
export const BUILDING_MESSAGES = {
  nameRequired: 'Name is required',
  longitudeRange: 'Longitude must be between -180 and 180 degrees',
  latitudeRange: 'Latitude must be between -90 and 90 degrees',
  invalidLongitude: 'Invalid longitude value',
  invalidLatitude: 'Invalid latitude value',
  invalidCoordinates: 'Invalid coordinates',
  demolishedBeforeBuilt: 'Year demolished cannot be before year built',
  stylesRequired: 'Please select at least one architectural style',
  line1Required: 'Address line 1 is required',
} as const;

/** [longitude, latitude] as GeoJSON orders them. */
export const coordinatesSchema = z.tuple([
  z.number().min(-180, BUILDING_MESSAGES.longitudeRange).max(180, BUILDING_MESSAGES.longitudeRange),
  z.number().min(-90, BUILDING_MESSAGES.latitudeRange).max(90, BUILDING_MESSAGES.latitudeRange),
]);

/** Properties of one building on the map (product §3); `cluster: false` tells it from a cluster. */
export const buildingFeaturePropertiesSchema = z
  .object({
    cluster: z.literal(false),
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    year_built: z.number().int().nullable(),
    year_demolished: z.number().int().nullable(),
    cover_image: z.string().nullable().describe('URL of the cover image rendition'),
    image_count: z.number().int(),
    views: z.number().int(),
    vote_stats: voteStatsSchema,
  })
  .meta({ id: 'BuildingFeatureProperties' });

export type BuildingFeatureProperties = z.infer<typeof buildingFeaturePropertiesSchema>;

const pointSchema = z.object({ type: z.literal('Point'), coordinates: coordinatesSchema });

export const buildingFeatureSchema = z
  .object({
    type: z.literal('Feature'),
    id: z.number().int(),
    properties: buildingFeaturePropertiesSchema,
    geometry: pointSchema,
  })
  .meta({ id: 'BuildingFeature' });

export type BuildingFeature = z.infer<typeof buildingFeatureSchema>;

/** [west, south, east, north] in degrees; west > east when the box crosses the antimeridian. */
export const bboxSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);

/**
 * Several buildings shown as one circle: a grid cell's count at the centroid of its buildings.
 * Property names follow MapLibre's own clusters (`cluster`, `point_count`, `point_count_abbreviated`).
 */
export const clusterFeaturePropertiesSchema = z
  .object({
    cluster: z.literal(true),
    cluster_id: z.string().describe('The grid cell, as "level/x/y"'),
    point_count: z.number().int().min(1).describe('Buildings in the cell (estimated when `approximate`)'),
    point_count_abbreviated: z.string().describe('point_count for a label: 950, 1.2k, 35k, 1.1M'),
    expansion_zoom: z.number().describe('Zoom at which the cell splits into smaller clusters or points'),
    bounds: bboxSchema.describe('The cell: [west, south, east, north]; fit the map to it on click'),
  })
  .meta({ id: 'ClusterFeatureProperties' });

export type ClusterFeatureProperties = z.infer<typeof clusterFeaturePropertiesSchema>;

export const clusterFeatureSchema = z
  .object({
    type: z.literal('Feature'),
    properties: clusterFeaturePropertiesSchema,
    geometry: pointSchema,
  })
  .meta({ id: 'ClusterFeature' });

export type ClusterFeature = z.infer<typeof clusterFeatureSchema>;

export const mapFeatureSchema = z.union([buildingFeatureSchema, clusterFeatureSchema]);
export type MapFeature = BuildingFeature | ClusterFeature;

export const buildingFeatureCollectionSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(mapFeatureSchema),
    truncated: z
      .boolean()
      .describe(
        'True when the response is clustered: some buildings are counted in clusters, not sent as points',
      ),
    total: z
      .number()
      .int()
      .describe('Matching buildings the response accounts for (points plus cluster counts)'),
    approximate: z
      .boolean()
      .describe('Cluster counts are estimated from a sample (filters over very many buildings)'),
    bbox: bboxSchema.describe(
      'Area covered: the viewport for points, the viewport widened to whole grid cells when clustered',
    ),
  })
  .meta({ id: 'BuildingFeatureCollection' });

export type BuildingFeatureCollection = z.infer<typeof buildingFeatureCollectionSchema>;

/** True for a cluster, false for a building. */
export function isClusterFeature(f: MapFeature): f is ClusterFeature {
  return f.properties.cluster;
}

const lat = (label: string) =>
  numberParam(label).pipe(
    z.number().min(-90, `${label} must be between -90 and 90`).max(90, `${label} must be between -90 and 90`),
  );
// Longitudes may come unwrapped from a panned map (e.g. east 200); one extra turn either side is accepted.
const lng = (label: string) =>
  numberParam(label).pipe(
    z
      .number()
      .min(-540, `${label} must be between -540 and 540`)
      .max(540, `${label} must be between -540 and 540`),
  );
const year = (label: string) =>
  integerParam(label).pipe(
    z
      .number()
      .min(YEAR_MIN, `${label} must be a year from ${YEAR_MIN}`)
      .max(9999, `${label} must be a year up to 9999`),
  );

/** A year as the catalogue-through-time filter takes it: -10000 to the current year (at parsing). */
const standingYear = (label: string) =>
  integerParam(label).pipe(
    z.number().superRefine((v, ctx) => {
      const max = currentYear();
      if (v < YEAR_MIN || v > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a year from ${YEAR_MIN} to ${max}` });
      }
    }),
  );

/**
 * A building stands in `year` when it was built in or before it (or its year built is unknown)
 * and was not demolished by then (demolished after it, or never). The SQL twin is in
 * server/modules/buildings/buildings.queries.ts.
 */
export function standsInYear(
  b: { year_built: number | null; year_demolished: number | null },
  year: number,
): boolean {
  return (
    (b.year_built === null || b.year_built <= year) &&
    (b.year_demolished === null || b.year_demolished > year)
  );
}

/** Filters shared by the map, the card list and the export; every parameter is optional. */
export const buildingFiltersShape = {
  north: lat('north').optional(),
  south: lat('south').optional(),
  east: lng('east').optional(),
  west: lng('west').optional(),
  builtAfterDate: year('builtAfterDate').optional().describe('Earliest year built (inclusive)'),
  builtBeforeDate: year('builtBeforeDate').optional().describe('Latest year built (inclusive)'),
  archStyles: idListParam('archStyles')
    .optional()
    .describe('Comma-joined architectural style ids; a building matches any'),
  standingInYear: standingYear('standingInYear')
    .optional()
    .describe(
      'The catalogue as of a year (-10000 to now): built in or before it (or year unknown), demolished after it or never',
    ),
};

/** The viewport's edges come together, north above south, east and west within two turns. */
export function checkViewport(
  q: { north?: number; south?: number; east?: number; west?: number },
  ctx: z.RefinementCtx,
) {
  const edges = [q.north, q.south, q.east, q.west].filter((v) => v !== undefined).length;
  if (edges !== 0 && edges !== 4) {
    ctx.addIssue({
      code: 'custom',
      path: ['north'],
      message: 'north, south, east and west must be given together',
    });
  }
  if (q.north !== undefined && q.south !== undefined && q.north < q.south) {
    ctx.addIssue({ code: 'custom', path: ['north'], message: 'north must not be below south' });
  }
  if (q.east !== undefined && q.west !== undefined && q.east - q.west > 720) {
    ctx.addIssue({ code: 'custom', path: ['east'], message: 'east and west are too far apart' });
  }
}

export const buildingFiltersQuerySchema = z.object(buildingFiltersShape).superRefine(checkViewport);

export type BuildingFiltersQuery = z.infer<typeof buildingFiltersQuerySchema>;

/** GET /api/buildings/geojson: the filters plus the map's zoom. */
export const buildingsGeojsonQuerySchema = z
  .object({
    ...buildingFiltersShape,
    zoom: numberParam('zoom')
      .pipe(
        z
          .number()
          .min(MAP_ZOOM_MIN, `zoom must be between ${MAP_ZOOM_MIN} and ${MAP_ZOOM_MAX}`)
          .max(MAP_ZOOM_MAX, `zoom must be between ${MAP_ZOOM_MIN} and ${MAP_ZOOM_MAX}`),
      )
      .optional()
      .describe('The map zoom (0-22, fractions allowed); derived from the viewport when left out'),
  })
  .superRefine(checkViewport);

export type BuildingsGeojsonQuery = z.infer<typeof buildingsGeojsonQuerySchema>;

export { BUILDINGS_PER_PAGE_DEFAULT };

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
    page: integerParam('page')
      .pipe(z.number().min(1, 'page must be 1 or more').max(1_000_000, 'page is too large'))
      .optional()
      .default(1),
    per_page: integerParam('per_page')
      .pipe(
        z
          .number()
          .min(1, `per_page must be between 1 and ${PER_PAGE_MAX}`)
          .max(PER_PAGE_MAX, `per_page must be between 1 and ${PER_PAGE_MAX}`),
      )
      .optional()
      .default(BUILDINGS_PER_PAGE_DEFAULT),
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

export const buildingIdParamsSchema = z.object({
  id: idParam('id'),
});

/** Building detail (product §3). */
export const buildingDetailSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    coordinates: coordinatesSchema,
    year_built: z.number().int().nullable(),
    year_demolished: z.number().int().nullable(),
    description: z.string().nullable(),
    place_id: z.string().nullable().describe('Place id from the maps service, sent back unchanged on edit'),
    architectural_styles: z.array(architecturalStyleSchema),
    architects: z.array(architectRefSchema).describe('In the order they were given; empty when none'),
    images: z.array(z.object({ id: z.number().int(), url: z.string() })),
    cover_image: z.string().nullable(),
    image_count: z.number().int(),
    views: z.number().int(),
    vote_stats: voteStatsSchema,
    user_vote: userVoteSchema,
    added_by: z.object({ id: z.number().int(), handle: z.string() }).nullable(),
    address: z.object({
      line1: z.string().nullable(),
      line2: z.string().nullable(),
      line3: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      postal_code: z.string().nullable(),
      country_code: z.string().nullable(),
    }),
    created_at: z.string(),
    /** Present when moderators hid the building: only its owner and moderators get it then (docs/api.md). */
    hidden: z.literal(true).optional(),
  })
  .meta({ id: 'BuildingDetail' });

export type BuildingDetail = z.infer<typeof buildingDetailSchema>;

/* ---------- Creating and editing a building (product §3 and §5) ---------- */

export const BUILDING_NAME_MAX = 200;
export const BUILDING_DESCRIPTION_MAX = 5000;
export const BUILDING_STYLES_MAX = 20;
/** Two buildings closer than this whose normalised names match are the same building. */
export const DUPLICATE_DISTANCE_M = 50;

/**
 * A name as the duplicate rule compares it: lowercased, accents folded, every run of punctuation
 * and whitespace turned into one space, trimmed ('Notre-Dame  de Paris!' -> 'notre dame de paris').
 */
export function normalizeBuildingName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Optional text: trimmed, and null when empty (product §5: description is null if empty). */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} can have at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * A year built or demolished: a whole number from -10000 to the current year (of `now`, for
 * tests; the moment of parsing otherwise), or null.
 */
export const buildingYearSchema = (label: string, now?: Date) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .nullish()
    .transform((v) => v ?? null)
    .superRefine((v, ctx) => {
      const max = currentYear(now);
      if (v !== null && (v < YEAR_MIN || v > max)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be between ${YEAR_MIN} and ${max}` });
      }
    });

const yearInput = (label: string) => buildingYearSchema(label);

export const longitudeSchema = z
  .number({ error: BUILDING_MESSAGES.invalidLongitude })
  .min(-180, BUILDING_MESSAGES.longitudeRange)
  .max(180, BUILDING_MESSAGES.longitudeRange);

export const latitudeSchema = z
  .number({ error: BUILDING_MESSAGES.invalidLatitude })
  .min(-90, BUILDING_MESSAGES.latitudeRange)
  .max(90, BUILDING_MESSAGES.latitudeRange);

/** [longitude, latitude] from the form, with the product's messages. */
export const coordinatesInputSchema = z.tuple([longitudeSchema, latitudeSchema], {
  error: BUILDING_MESSAGES.invalidCoordinates,
});

export const addressInputSchema = z
  .object(
    {
      line1: optionalText('Address line 1', 200),
      line2: optionalText('Address line 2', 200),
      line3: optionalText('Address line 3', 200),
      city: optionalText('City', 100),
      state: optionalText('State', 100),
      postal_code: optionalText('Postal code', 20),
      country_code: z
        .string({ error: 'Country must be a two-letter ISO code' })
        .trim()
        .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter ISO code')
        .transform((c) => c.toUpperCase())
        .nullish()
        .transform((c) => c ?? 'US'),
    },
    { error: BUILDING_MESSAGES.line1Required },
  )
  .superRefine((a, ctx) => {
    if (!a.line1) ctx.addIssue({ code: 'custom', path: ['line1'], message: BUILDING_MESSAGES.line1Required });
  })
  .meta({ id: 'AddressInput' });

export type AddressInput = z.infer<typeof addressInputSchema>;

/** A building's name: trimmed, 1 to 200 characters. */
export const buildingNameSchema = z
  .string({ error: BUILDING_MESSAGES.nameRequired })
  .trim()
  .min(1, BUILDING_MESSAGES.nameRequired)
  .max(BUILDING_NAME_MAX, `Name can have at most ${BUILDING_NAME_MAX} characters`);

const buildingFields = {
  name: buildingNameSchema,
  place_id: optionalText('place_id', 300),
  year_built: yearInput('Year built'),
  year_demolished: yearInput('Year demolished'),
  description: optionalText('Description', BUILDING_DESCRIPTION_MAX),
  coordinates: coordinatesInputSchema,
  architectural_styles: z
    .array(
      z
        .number({ error: 'Architectural styles must be style ids' })
        .int('Architectural styles must be style ids')
        .positive('Architectural styles must be style ids')
        .max(ID_MAX, 'Architectural styles must be style ids'),
      { error: BUILDING_MESSAGES.stylesRequired },
    )
    .min(1, BUILDING_MESSAGES.stylesRequired)
    .max(BUILDING_STYLES_MAX, `A building can have at most ${BUILDING_STYLES_MAX} architectural styles`)
    .transform((ids) => [...new Set(ids)]),
  /** Names; left out on an edit, the building keeps its architects. */
  architects: architectNamesSchema.optional(),
};

function checkYears(b: { year_built: number | null; year_demolished: number | null }, ctx: z.RefinementCtx) {
  if (b.year_built !== null && b.year_demolished !== null && b.year_demolished < b.year_built) {
    ctx.addIssue({
      code: 'custom',
      path: ['year_demolished'],
      message: BUILDING_MESSAGES.demolishedBeforeBuilt,
    });
  }
}

/**
 * Year built and year demolished together (product §5): each in range, and demolished not before
 * built; `now` fixes the current year for tests.
 */
export const buildingYearsSchema = (now?: Date) =>
  z
    .object({
      year_built: buildingYearSchema('Year built', now),
      year_demolished: buildingYearSchema('Year demolished', now),
    })
    .superRefine(checkYears);

/** POST /api/buildings/ body: the building payload of product §3. */
export const createBuildingBodySchema = z
  .object({ ...buildingFields, address: addressInputSchema })
  .superRefine(checkYears)
  .meta({ id: 'CreateBuildingBody' });

export type CreateBuildingBody = z.infer<typeof createBuildingBodySchema>;

/** PUT /api/buildings/{id} body: the payload plus the id; an address left out stays as it is. */
export const updateBuildingBodySchema = z
  .object({
    ...buildingFields,
    id: z.number({ error: 'id must be the building id' }).int('id must be the building id'),
    address: addressInputSchema.optional(),
  })
  .superRefine(checkYears)
  .meta({ id: 'UpdateBuildingBody' });

export type UpdateBuildingBody = z.infer<typeof updateBuildingBodySchema>;

export const buildingWriteResponseSchema = z
  .object({ building: z.object({ id: z.number().int() }) })
  .meta({ id: 'BuildingWriteResponse' });

/** 409 of POST/PUT: the building that already exists (product §8: the client redirects to it). */
export const duplicateBuildingProblemSchema = problemSchema
  .extend({ building_id: z.number().int() })
  .meta({ id: 'DuplicateBuildingProblem' });

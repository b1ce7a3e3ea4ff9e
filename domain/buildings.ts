import { z } from 'zod';
import { idListParam, idParam, integerParam, numberParam } from './query-params.ts';
import { voteStatsSchema, userVoteSchema } from './votes.ts';
import { architecturalStyleSchema } from './styles.ts';
import { YEAR_MIN } from './constants.ts';

/** [longitude, latitude] as GeoJSON orders them. */
export const coordinatesSchema = z.tuple([
  z
    .number()
    .min(-180, 'Longitude must be between -180 and 180 degrees')
    .max(180, 'Longitude must be between -180 and 180 degrees'),
  z
    .number()
    .min(-90, 'Latitude must be between -90 and 90 degrees')
    .max(90, 'Latitude must be between -90 and 90 degrees'),
]);

/** Properties of one building on the map (spec section 3). */
export const buildingFeaturePropertiesSchema = z
  .object({
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

export const buildingFeatureSchema = z
  .object({
    type: z.literal('Feature'),
    id: z.number().int(),
    properties: buildingFeaturePropertiesSchema,
    geometry: z.object({ type: z.literal('Point'), coordinates: coordinatesSchema }),
  })
  .meta({ id: 'BuildingFeature' });

export type BuildingFeature = z.infer<typeof buildingFeatureSchema>;

export const buildingFeatureCollectionSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(buildingFeatureSchema),
    truncated: z.boolean().describe('True when the viewport held more buildings than one response carries'),
  })
  .meta({ id: 'BuildingFeatureCollection' });

export type BuildingFeatureCollection = z.infer<typeof buildingFeatureCollectionSchema>;

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

/** Filters shared by the map and the card list; every parameter is optional. */
export const buildingFiltersQuerySchema = z
  .object({
    north: lat('north').optional(),
    south: lat('south').optional(),
    east: lng('east').optional(),
    west: lng('west').optional(),
    builtAfterDate: year('builtAfterDate').optional().describe('Earliest year built (inclusive)'),
    builtBeforeDate: year('builtBeforeDate').optional().describe('Latest year built (inclusive)'),
    archStyles: idListParam('archStyles')
      .optional()
      .describe('Comma-joined architectural style ids; a building matches any'),
  })
  .superRefine((q, ctx) => {
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
  });

export type BuildingFiltersQuery = z.infer<typeof buildingFiltersQuerySchema>;

export const buildingIdParamsSchema = z.object({
  id: idParam('id'),
});

/** Building detail (spec section 3). */
export const buildingDetailSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    coordinates: coordinatesSchema,
    year_built: z.number().int().nullable(),
    year_demolished: z.number().int().nullable(),
    description: z.string().nullable(),
    architectural_styles: z.array(architecturalStyleSchema),
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
  })
  .meta({ id: 'BuildingDetail' });

export type BuildingDetail = z.infer<typeof buildingDetailSchema>;

/** GET /api/search: one box for buildings, architects, styles and places. */
import { z } from 'zod';
import { bboxSchema, coordinatesSchema } from './coordinates.ts';
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX } from './constants.ts';
import { integerParam } from './query-params.ts';

export const SEARCH_Q_MAX = 100;
export { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX };

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(1, 'Please type something to search for')
    .max(SEARCH_Q_MAX, `A search can have at most ${SEARCH_Q_MAX} characters`),
  limit: integerParam('limit')
    .pipe(
      z
        .number()
        .int()
        .min(1, 'limit must be at least 1')
        .max(SEARCH_LIMIT_MAX, `limit can be at most ${SEARCH_LIMIT_MAX}`),
    )
    .optional()
    .transform((n) => n ?? SEARCH_LIMIT_DEFAULT),
});

export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const buildingHitSchema = z.object({
  type: z.literal('building'),
  id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  country_code: z.string().nullable(),
  year_built: z.number().int().nullable(),
  coordinates: coordinatesSchema,
  cover_image: z.string().nullable(),
});

export const architectHitSchema = z.object({
  type: z.literal('architect'),
  id: z.number().int(),
  name: z.string(),
  building_count: z.number().int(),
});

export const styleHitSchema = z.object({
  type: z.literal('style'),
  id: z.number().int(),
  name: z.string(),
  building_count: z.number().int(),
});

export const placeHitSchema = z.object({
  type: z.literal('place'),
  name: z.string(),
  country_code: z.string(),
  coordinates: coordinatesSchema,
  bbox: bboxSchema.optional().describe('[west, south, east, north] when known'),
});

export const searchHitSchema = z.discriminatedUnion('type', [
  buildingHitSchema,
  architectHitSchema,
  styleHitSchema,
  placeHitSchema,
]);

export type SearchHit = z.infer<typeof searchHitSchema>;
export type BuildingHit = z.infer<typeof buildingHitSchema>;
export type PlaceHit = z.infer<typeof placeHitSchema>;

export const searchResultSchema = z
  .object({ items: z.array(searchHitSchema).describe('Best first') })
  .meta({ id: 'SearchResult' });

export type SearchResult = z.infer<typeof searchResultSchema>;

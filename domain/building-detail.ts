/** One building: GET /api/buildings/{id}, its path parameter and its detail (product §3). */
import { z } from 'zod';
import { idParam } from './query-params.ts';
import { voteStatsSchema, userVoteSchema } from './votes.ts';
import { architecturalStyleSchema } from './styles.ts';
import { architectRefSchema } from './architects.ts';
import { coordinatesSchema } from './coordinates.ts';

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

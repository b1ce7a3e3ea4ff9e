import { z } from 'zod';
import { ID_MAX, idParam } from './query-params.ts';

/**
 * Lists (product §3, 4, 5, 6, 7): a user's named collections of buildings, public or
 * private. The API paths are documented in docs/api.md ("Lists").
 */

export const LIST_NAME_MAX = 100;

const listIdSchema = z.number().int().positive().max(ID_MAX);

export const listBuildingSchema = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: 'ListBuilding' });

export type ListBuilding = z.infer<typeof listBuildingSchema>;

/** A list as the API returns it; `buildings` in the order they were added (oldest first). */
export const listSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    is_public: z.boolean(),
    owner: z.object({ id: z.number().int(), handle: z.string() }),
    buildings: z.array(listBuildingSchema),
    created_at: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'List' });

export type List = z.infer<typeof listSchema>;

/** GET /api/users/{handle}/lists: every list for the owner, only public ones for anyone else. */
export const userListsSchema = z.object({ items: z.array(listSchema) }).meta({ id: 'UserLists' });

export type UserLists = z.infer<typeof userListsSchema>;

/** POST /api/lists/ */
export const createListBodySchema = z.object({
  name: z
    .string({ error: 'name must be text' })
    .trim()
    .min(1, 'name is required')
    .max(LIST_NAME_MAX, `name must be at most ${LIST_NAME_MAX} characters`),
  is_public: z.boolean({ error: 'is_public must be true or false' }).optional().default(false),
});

export type CreateListBody = z.infer<typeof createListBodySchema>;

/** PUT /api/lists/{id} */
export const updateListBodySchema = z.object({
  is_public: z.boolean({ error: 'is_public must be true or false' }),
});

export type UpdateListBody = z.infer<typeof updateListBodySchema>;

/** POST /api/lists/{list_id}/buildings: idempotent, adding twice keeps one entry. */
export const addListBuildingBodySchema = z.object({
  buildingId: listIdSchema.describe('The building to add'),
});

export type AddListBuildingBody = z.infer<typeof addListBuildingBodySchema>;

export const listIdParamsSchema = z.object({ id: idParam('id') });
export const listBuildingParamsSchema = z.object({
  list_id: idParam('list_id'),
  building_id: idParam('building_id'),
});

/** Whether a list already holds a building (the Add to List dialog disables those lists). */
export function listHoldsBuilding(list: Pick<List, 'buildings'>, buildingId: number): boolean {
  return list.buildings.some((b) => b.id === buildingId);
}

/** GET /api/lists/{id}/route */
export const listRouteQuerySchema = z.object({
  start: idParam('start')
    .optional()
    .describe("The building to start the walk from (one of the list's); the list's first otherwise"),
});

export type ListRouteQuery = z.infer<typeof listRouteQuerySchema>;

export const routeStopSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    lng: z.number(),
    lat: z.number(),
    leg_meters: z.number().describe('Straight-line metres from the previous stop (0 for the start)'),
  })
  .meta({ id: 'RouteStop' });

export type RouteStop = z.infer<typeof routeStopSchema>;

/** A list as a walking tour: its buildings in walking order from the start (domain/walking-route.ts). */
export const listRouteSchema = z
  .object({
    list: z.object({
      id: z.number().int(),
      name: z.string(),
      owner: z.object({ id: z.number().int(), handle: z.string() }),
    }),
    stops: z.array(routeStopSchema),
    total_meters: z.number(),
  })
  .meta({ id: 'ListRoute' });

export type ListRoute = z.infer<typeof listRouteSchema>;

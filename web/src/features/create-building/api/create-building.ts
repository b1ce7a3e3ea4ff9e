import type { CreateBuildingBody } from '#domain/building-write';
import { buildingEndpoints } from '#domain/endpoints/buildings';
import { ApiError, call } from '../../../lib/api-client.ts';

/** POST /api/buildings/ with the building payload (product §7); answers the new building's id. */
export async function createBuilding(body: CreateBuildingBody): Promise<number> {
  const data = await call(buildingEndpoints.create, { body });
  return data.building.id;
}

/** Product §7: a 409 whose data has building_id means the building already exists; its id, else null. */
export function duplicateBuildingId(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const id = error.problem?.building_id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

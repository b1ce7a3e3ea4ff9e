import type { BuildingDetail, BuildingFeatureCollection } from '#domain/buildings';
import { MAP_DEFAULT_BOUNDS } from '#domain/constants';
import { baseURL } from './browser.ts';

export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${baseURL()}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Every building the world view asks for, straight from the API. */
export function getWorldBuildings(): Promise<BuildingFeatureCollection> {
  const { north, south, east, west } = MAP_DEFAULT_BOUNDS;
  return getJson<BuildingFeatureCollection>(
    `/api/buildings/geojson?north=${north}&south=${south}&east=${east}&west=${west}`,
  );
}

export function getBuilding(id: number): Promise<BuildingDetail> {
  return getJson<BuildingDetail>(`/api/buildings/${id}`);
}

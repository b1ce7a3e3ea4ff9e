import {
  isClusterFeature,
  type BuildingDetail,
  type BuildingFeature,
  type BuildingFeatureCollection,
} from '#domain/buildings';
import { MAP_DEFAULT_BOUNDS } from '#domain/constants';
import { baseURL } from './browser.ts';

export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${baseURL()}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export interface WorldBuildings {
  /** The building points (a world view of the seeded catalogue is small enough not to cluster). */
  features: BuildingFeature[];
  /** True when the answer was clustered or cut. */
  truncated: boolean;
}

/** Every building the world view asks for, straight from the API. */
export async function getWorldBuildings(): Promise<WorldBuildings> {
  const { north, south, east, west } = MAP_DEFAULT_BOUNDS;
  const collection = await getJson<BuildingFeatureCollection>(
    `/api/buildings/geojson?north=${north}&south=${south}&east=${east}&west=${west}`,
  );
  return {
    features: collection.features.filter((f): f is BuildingFeature => !isClusterFeature(f)),
    truncated: collection.truncated,
  };
}

export function getBuilding(id: number): Promise<BuildingDetail> {
  return getJson<BuildingDetail>(`/api/buildings/${id}`);
}

import type { BuildingFeature, BuildingFeatureCollection } from '#domain/building-map';
import { isClusterFeature } from '#domain/map-features';
import { MAP_DEFAULT_BOUNDS } from '#domain/constants';

export interface WorldBuildings {
  /** The building points (a world view of the seeded catalogue is small enough not to cluster). */
  features: BuildingFeature[];
  /** True when the answer was clustered or cut. */
  truncated: boolean;
}

/**
 * Every building the world view of the server at `origin` asks for, straight from the API. No
 * Vitest import here: global-setup.ts (outside the test workers) uses it too.
 */
export async function fetchWorldBuildings(origin: string): Promise<WorldBuildings> {
  const { north, south, east, west } = MAP_DEFAULT_BOUNDS;
  const path = `/api/buildings/geojson?north=${north}&south=${south}&east=${east}&west=${west}`;
  const response = await fetch(`${origin}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  const collection = (await response.json()) as BuildingFeatureCollection;
  return {
    features: collection.features.filter((f): f is BuildingFeature => !isClusterFeature(f)),
    truncated: collection.truncated,
  };
}

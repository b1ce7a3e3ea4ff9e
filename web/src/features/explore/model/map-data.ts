import type { BuildingFeature, BuildingFeatureCollection, ClusterFeature } from '#domain/building-map';
import { isClusterFeature } from '#domain/map-features';

export interface PointCollection {
  type: 'FeatureCollection';
  features: BuildingFeature[];
}

export interface ClusterCollection {
  type: 'FeatureCollection';
  features: ClusterFeature[];
}

export interface MapData {
  points: PointCollection;
  clusters: ClusterCollection;
}

/** Splits a geojson answer into building points and server clusters: each has its own source and layer. */
export function splitMapData(collection: Pick<BuildingFeatureCollection, 'features'>): MapData {
  const points: BuildingFeature[] = [];
  const clusters: ClusterFeature[] = [];
  for (const feature of collection.features) {
    if (isClusterFeature(feature)) clusters.push(feature);
    else points.push(feature);
  }
  return {
    points: { type: 'FeatureCollection', features: points },
    clusters: { type: 'FeatureCollection', features: clusters },
  };
}

/**
 * Where a click on a cluster takes the map: the middle of its cell at the zoom where it splits
 * (never zooming out).
 */
export function clusterTarget(
  cluster: Pick<ClusterFeature['properties'], 'bounds' | 'expansion_zoom'>,
  currentZoom: number,
): { center: [number, number]; zoom: number } {
  const [west, south, east, north] = cluster.bounds;
  // A cell across the antimeridian has west > east.
  const unwrappedEast = east < west ? east + 360 : east;
  let lng = (west + unwrappedEast) / 2;
  if (lng > 180) lng -= 360;
  return { center: [lng, (south + north) / 2], zoom: Math.max(cluster.expansion_zoom, currentZoom) };
}

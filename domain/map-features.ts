/**
 * Telling the map's clusters from its buildings, in a module of its own: the web's map imports it
 * without building-map.ts, whose query schema (zod, the filters) the build cannot drop and the
 * map's chunk would otherwise evaluate when the map starts.
 */
import type { ClusterFeature, MapFeature } from './building-map.ts';

/** True for a cluster, false for a building. */
export function isClusterFeature(f: MapFeature): f is ClusterFeature {
  return f.properties.cluster;
}

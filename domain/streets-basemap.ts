/**
 * The operator's Protomaps archive with streets (BASEMAP_PMTILES), when there is one, shared by the
 * server's routes (server/modules/basemap/streets.routes.ts), the page's head and the web's map
 * style. Kept apart from domain/basemap.ts, whose text is one of the offline archive's inputs
 * (scripts/basemap/generate.ts): a change here must not rebuild the world basemap.
 */
import { BASEMAP_PREFIX } from './basemap.ts';

/**
 * The server serves the archive by byte ranges under this path, versioned so it is cached as
 * immutable, and names that path in every page's meta tag BASEMAP_STREETS_META for the map style.
 */
export const BASEMAP_STREETS_PREFIX = `${BASEMAP_PREFIX}/streets`;
export const BASEMAP_STREETS_META = 'atlas-basemap-streets';
export function streetsArchivePath(version: string): string {
  return `${BASEMAP_STREETS_PREFIX}/${version}.pmtiles`;
}
/**
 * The streets are drawn from this zoom on; below it the offline world basemap (the whole world
 * at once, where a regional extract would leave most of it empty).
 */
export const STREETS_MIN_ZOOM = 7;
/** OpenStreetMap data under ODbL, tiled by Protomaps: shown on the map while the streets are. */
export const STREETS_ATTRIBUTION =
  '<a href="https://www.openstreetmap.org/copyright">© OpenStreetMap</a> contributors (ODbL) · <a href="https://protomaps.com">Protomaps</a>';

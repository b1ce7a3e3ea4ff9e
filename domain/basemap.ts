/**
 * Where the offline world basemap is served and what it holds, shared by the generator
 * (scripts/basemap/generate.ts), the server's routes (server/modules/basemap) and the web's map
 * style (web/src/lib/map/map-style.ts), so the three name the same paths, zooms and credits.
 */

export const BASEMAP_PREFIX = '/basemap';
/** TileJSON naming the current archive's tile URLs (for clients that do not know the version). */
export const BASEMAP_TILEJSON_PATH = `${BASEMAP_PREFIX}/tiles.json`;
/**
 * The page's meta tag naming the archive's version (the server writes it into every page it
 * sends), so the web's map style can name the tiles without reading the TileJSON first.
 */
export const BASEMAP_VERSION_META = 'atlas-basemap-version';
/** Tiles are generated up to this zoom; MapLibre overzooms them beyond. */
export const BASEMAP_MAX_ZOOM = 6;
/** Web Mercator's extent, which the tiles cover. */
export const BASEMAP_BOUNDS: [number, number, number, number] = [-180, -85.051129, 180, 85.051129];
export const BASEMAP_ATTRIBUTION =
  '<a href="https://www.naturalearthdata.com/">Natural Earth</a> · <a href="https://www.geonames.org/">GeoNames</a> (CC BY 4.0)';

/**
 * The tile URL template of one archive version (a hash of the generator's inputs). Tiles under it
 * never change, so they are cached as immutable.
 */
export function basemapTilePath(version: string): string {
  return `${BASEMAP_PREFIX}/${version}/{z}/{x}/{y}.mvt`;
}

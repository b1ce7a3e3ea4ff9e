/**
 * Every query about buildings (the map's geojson, the card list, a building's detail) lives under
 * this prefix, so a building change can invalidate them all at once (spec 7: building changes
 * invalidate cached building lists).
 */
export const BUILDINGS_QUERY_PREFIX = 'buildings';
export const buildingsQueryKey = [BUILDINGS_QUERY_PREFIX] as const;

/** Every query about images (gallery pages, a building's image strip, one image) lives under this prefix. */
export const IMAGES_QUERY_PREFIX = 'images';

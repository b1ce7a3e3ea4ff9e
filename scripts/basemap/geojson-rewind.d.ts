// @mapbox/geojson-rewind ships no types. `outer` true winds exteriors clockwise; false as RFC 7946.
declare module '@mapbox/geojson-rewind' {
  import type { GeoJSON } from 'geojson';
  export default function rewind<T extends GeoJSON>(geojson: T, outer?: boolean): T;
}

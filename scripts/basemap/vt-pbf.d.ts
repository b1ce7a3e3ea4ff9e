// vt-pbf ships no types; only the function the basemap generator uses is declared.
declare module 'vt-pbf' {
  import type { LegacyTile } from 'geojson-vt';
  const vtpbf: {
    fromGeojsonVt(
      layers: Record<string, LegacyTile>,
      options?: { version?: number; extent?: number },
    ): Uint8Array;
  };
  export default vtpbf;
}

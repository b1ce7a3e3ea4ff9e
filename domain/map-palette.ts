/**
 * The basemap's colours, shared by the web map style (web/src/lib/map/map-style.ts) and the
 * server's locator pictures (server/modules/locator), so both draw the same land and water.
 */
export type MapColorScheme = 'light' | 'dark';

/** The sea (and the whole map until tiles arrive). */
export const MAP_BACKGROUND_COLOR: Record<MapColorScheme, string> = {
  light: '#dfe8ee',
  dark: '#14181f',
};

export interface BasemapColors {
  water: string;
  land: string;
  coastline: string;
  border: string;
  river: string;
  countryLabel: string;
  placeLabel: string;
  halo: string;
}

/**
 * The basemap palette: quiet land and water in the app's greys and blues, so the markers (blue in
 * the light theme, cyan in the dark one, product §4) stay the strongest colour on the map.
 */
export const BASEMAP_PALETTE: Record<MapColorScheme, BasemapColors> = {
  light: {
    water: MAP_BACKGROUND_COLOR.light,
    land: '#f6f4ef',
    coastline: '#a9c0cf',
    border: '#b3a9bd',
    river: '#c3d6e3',
    countryLabel: '#6b7280',
    placeLabel: '#2f343b',
    halo: '#ffffff',
  },
  dark: {
    water: MAP_BACKGROUND_COLOR.dark,
    land: '#252c36',
    coastline: '#3b4959',
    border: '#5b6575',
    river: '#1f2b39',
    countryLabel: '#8c97a6',
    placeLabel: '#cfd5dc',
    halo: '#14181f',
  },
};

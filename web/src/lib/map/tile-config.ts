import type { ColorScheme } from '../color-scheme.ts';
import type { TileSource } from './map-style.ts';

/**
 * Build-time tile settings (Vite exposes only VITE_* variables to the browser):
 * - VITE_TILE_URL_LIGHT: raster tile URL template for the light theme, e.g.
 *   https://tile.example.org/{z}/{x}/{y}.png (several templates may be comma-separated).
 * - VITE_TILE_URL_DARK: the same for the dark theme; the light tiles are used when unset.
 * - VITE_TILE_ATTRIBUTION: attribution text shown on the map (required by most tile services).
 * With no tile URL the map draws its plain background only.
 */
export interface TileEnv {
  VITE_TILE_URL_LIGHT?: string;
  VITE_TILE_URL_DARK?: string;
  VITE_TILE_ATTRIBUTION?: string;
}

export type TileSources = Partial<Record<ColorScheme, TileSource>>;

const PLACEHOLDERS = ['{z}', '{x}', '{y}'];

/** An http(s) URL template with {z}, {x} and {y}; anything else is refused. */
export function isTileUrlTemplate(value: string): boolean {
  if (!PLACEHOLDERS.every((p) => value.includes(p))) return false;
  try {
    const url = new URL(value.replace(/\{[a-z]\}/g, '0'));
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function templatesOf(raw: string | undefined): string[] | null {
  if (!raw?.trim()) return null;
  const templates = raw
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (!templates.every(isTileUrlTemplate)) {
    console.warn('Ignoring tile URL setting: each must be an http(s) URL with {z}, {x} and {y}.');
    return null;
  }
  return templates;
}

/** Tile sources per theme from the build-time settings; {} when none are set or valid. */
export function tileSourcesFromEnv(env: TileEnv): TileSources {
  const attribution = env.VITE_TILE_ATTRIBUTION?.trim() ?? '';
  const light = templatesOf(env.VITE_TILE_URL_LIGHT);
  const dark = templatesOf(env.VITE_TILE_URL_DARK) ?? light;
  const sources: TileSources = {};
  if (light) sources.light = { tiles: light, attribution };
  if (dark) sources.dark = { tiles: dark, attribution };
  return sources;
}

/** The tile sources this build was configured with. */
export const configuredTileSources: TileSources = tileSourcesFromEnv({
  VITE_TILE_URL_LIGHT: import.meta.env.VITE_TILE_URL_LIGHT,
  VITE_TILE_URL_DARK: import.meta.env.VITE_TILE_URL_DARK,
  VITE_TILE_ATTRIBUTION: import.meta.env.VITE_TILE_ATTRIBUTION,
});

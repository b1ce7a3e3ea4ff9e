/**
 * The explore map's responses (how many buildings one sends, the memory that keeps them) and the
 * operator's basemap archive with streets.
 */
import path from 'node:path';
import { GEOJSON_MAX_FEATURES_DEFAULT } from '#domain/constants';
import { z } from 'zod';
import { NODE_ENV } from './server.ts';
import { area, integer, refuse, setting, text } from './setting.ts';

const URL_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

export const mapSettings = area(
  {
    GEOJSON_MAX_FEATURES: setting(integer(1, 50000), {
      default: String(GEOJSON_MAX_FEATURES_DEFAULT),
      text: 'most buildings one map response sends as points; more in view are sent as clusters',
    }),
    GEOJSON_CACHE_MB: setting(z.coerce.number().min(0).max(4096), {
      default: '64',
      text: 'memory for rendered map responses (bodies, keys and the URL index, counted in real bytes; expired ones freed every minute); `0` renders every request',
    }),
    BASEMAP_PMTILES: setting(text.optional(), {
      text: 'a Protomaps basemap archive with streets: a `.pmtiles` file path or an `https://` URL (the planet build or a regional extract); the server serves it at `/basemap/streets/` and the maps draw its streets from zoom 7 to its max zoom. Unset: the offline world basemap only. See [Streets](#streets-from-a-protomaps-archive)',
    }),
  },
  { NODE_ENV },
  (e, ctx) => ({
    /**
     * A Protomaps basemap archive with streets, a file path (loadConfig makes it absolute) or an
     * https:// URL (http:// only when NODE_ENV=test, for a local stand-in: outside tests the
     * archive's bytes would be open to change on the way); served same-origin under
     * /basemap/streets/. Undefined: the maps draw the offline world basemap only.
     */
    basemapPmtiles:
      e.BASEMAP_PMTILES === undefined ? undefined : streetsArchive(e.BASEMAP_PMTILES, e.NODE_ENV, ctx),
    geojsonMaxFeatures: e.GEOJSON_MAX_FEATURES,
    /** Memory for rendered map bodies; 0 renders every request. */
    geojsonCacheBytes: Math.round(e.GEOJSON_CACHE_MB * 1024 * 1024),
  }),
);

function streetsArchive(value: string, nodeEnv: string, ctx: z.RefinementCtx): string {
  if (!URL_SCHEME.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse(ctx, 'BASEMAP_PMTILES', 'not a valid URL');
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && nodeEnv === 'test')) return url.href;
  return refuse(ctx, 'BASEMAP_PMTILES', 'must be a file path or an https:// URL');
}

/** BASEMAP_PMTILES as the server opens it: a URL as given, a file path made absolute from `cwd`. */
export function resolveStreetsArchive(location: string | undefined, cwd: string): string | undefined {
  if (location === undefined || URL_SCHEME.test(location)) return location;
  return path.resolve(cwd, location);
}

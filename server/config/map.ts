/** The explore map's responses: how many buildings one sends, and the memory that keeps them. */
import { GEOJSON_MAX_FEATURES_DEFAULT } from '#domain/constants';
import { z } from 'zod';
import { area, integer, setting } from './setting.ts';

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
  },
  {},
  (e) => ({
    geojsonMaxFeatures: e.GEOJSON_MAX_FEATURES,
    /** Memory for rendered map bodies; 0 renders every request. */
    geojsonCacheBytes: Math.round(e.GEOJSON_CACHE_MB * 1024 * 1024),
  }),
);

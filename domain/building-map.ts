/** The map's data: GET /api/buildings/geojson, its query and its points and clusters (product §3). */
import { z } from 'zod';
import { numberParam } from './query-params.ts';
import { voteStatsSchema } from './votes.ts';
import { bboxSchema, pointSchema } from './coordinates.ts';
import { buildingFiltersShape, checkViewport } from './building-filters.ts';
import { MAP_ZOOM_MAX, MAP_ZOOM_MIN } from './map-grid.ts';

/** Properties of one building on the map (product §3); `cluster: false` tells it from a cluster. */
export const buildingFeaturePropertiesSchema = z
  .object({
    cluster: z.literal(false),
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    year_built: z.number().int().nullable(),
    year_demolished: z.number().int().nullable(),
    cover_image: z.string().nullable().describe('URL of the cover image rendition'),
    image_count: z.number().int(),
    views: z.number().int(),
    vote_stats: voteStatsSchema,
  })
  .meta({ id: 'BuildingFeatureProperties' });

export type BuildingFeatureProperties = z.infer<typeof buildingFeaturePropertiesSchema>;

export const buildingFeatureSchema = z
  .object({
    type: z.literal('Feature'),
    id: z.number().int(),
    properties: buildingFeaturePropertiesSchema,
    geometry: pointSchema,
  })
  .meta({ id: 'BuildingFeature' });

export type BuildingFeature = z.infer<typeof buildingFeatureSchema>;

/**
 * Several buildings shown as one circle: a grid cell's count at the centroid of its buildings.
 * Property names follow MapLibre's own clusters (`cluster`, `point_count`, `point_count_abbreviated`).
 */
export const clusterFeaturePropertiesSchema = z
  .object({
    cluster: z.literal(true),
    cluster_id: z.string().describe('The grid cell, as "level/x/y"'),
    point_count: z.number().int().min(1).describe('Buildings in the cell (estimated when `approximate`)'),
    point_count_abbreviated: z.string().describe('point_count for a label: 950, 1.2k, 35k, 1.1M'),
    expansion_zoom: z.number().describe('Zoom at which the cell splits into smaller clusters or points'),
    bounds: bboxSchema.describe('The cell: [west, south, east, north]; fit the map to it on click'),
  })
  .meta({ id: 'ClusterFeatureProperties' });

export type ClusterFeatureProperties = z.infer<typeof clusterFeaturePropertiesSchema>;

export const clusterFeatureSchema = z
  .object({
    type: z.literal('Feature'),
    properties: clusterFeaturePropertiesSchema,
    geometry: pointSchema,
  })
  .meta({ id: 'ClusterFeature' });

export type ClusterFeature = z.infer<typeof clusterFeatureSchema>;

export const mapFeatureSchema = z.union([buildingFeatureSchema, clusterFeatureSchema]);
export type MapFeature = BuildingFeature | ClusterFeature;

export const buildingFeatureCollectionSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(mapFeatureSchema),
    truncated: z
      .boolean()
      .describe(
        'True when the response is clustered: some buildings are counted in clusters, not sent as points',
      ),
    total: z
      .number()
      .int()
      .describe('Matching buildings the response accounts for (points plus cluster counts)'),
    approximate: z
      .boolean()
      .describe('Cluster counts are estimated from a sample (filters over very many buildings)'),
    bbox: bboxSchema.describe(
      'Area covered: the viewport for points, the viewport widened to whole grid cells when clustered',
    ),
  })
  .meta({ id: 'BuildingFeatureCollection' });

export type BuildingFeatureCollection = z.infer<typeof buildingFeatureCollectionSchema>;

/** GET /api/buildings/geojson: the filters plus the map's zoom. */
export const buildingsGeojsonQuerySchema = z
  .object({
    ...buildingFiltersShape,
    zoom: numberParam('zoom')
      .pipe(
        z
          .number()
          .min(MAP_ZOOM_MIN, `zoom must be between ${MAP_ZOOM_MIN} and ${MAP_ZOOM_MAX}`)
          .max(MAP_ZOOM_MAX, `zoom must be between ${MAP_ZOOM_MIN} and ${MAP_ZOOM_MAX}`),
      )
      .optional()
      .describe('The map zoom (0-22, fractions allowed); derived from the viewport when left out'),
  })
  .superRefine(checkViewport);

export type BuildingsGeojsonQuery = z.infer<typeof buildingsGeojsonQuerySchema>;

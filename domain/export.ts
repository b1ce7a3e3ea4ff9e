/**
 * Open data export: the catalogue, or one list, as GeoJSON or CSV under the data
 * licence (docs/decisions/2026-11-23-data-licence-odbl.md). The server streams these; the web
 * builds the links. The formatting is pure so that both ends and the tests share it.
 */
import { z } from 'zod';
import { buildingFiltersShape, checkViewport } from './building-filters.ts';
import { coordinatesSchema } from './coordinates.ts';
import {
  DATA_ATTRIBUTION,
  DATA_LICENSE,
  EXPORT_FORMATS,
  LIST_EXPORT_FORMATS,
  type ListExportFormat,
} from './export-formats.ts';
import { GPX_CONTENT_TYPE } from './gpx.ts';
import { idParam } from './query-params.ts';
import { voteStatsSchema } from './votes.ts';

export {
  DATA_ATTRIBUTION,
  DATA_LICENSE,
  EXPORT_FORMATS,
  LIST_EXPORT_FORMATS,
  type ExportFormat,
  type ListExportFormat,
} from './export-formats.ts';

/** The `Link` header both formats carry (RFC 8288, rel="license"). */
export const DATA_LICENSE_LINK = `<${DATA_LICENSE.url}>; rel="license"`;

const formatParam = z
  .enum(EXPORT_FORMATS, { error: 'format must be geojson or csv' })
  .describe('geojson (a FeatureCollection of points) or csv');

/** GET /api/buildings/export: the map's filters (no zoom) and the format. */
export const buildingExportQuerySchema = z
  .object({ ...buildingFiltersShape, format: formatParam })
  .superRefine(checkViewport);

export type BuildingExportQuery = z.infer<typeof buildingExportQuerySchema>;

/** GET /api/lists/{id}/export: the catalogue's formats, or gpx (the list as a walking tour). */
export const listExportQuerySchema = z.object({
  format: z
    .enum(LIST_EXPORT_FORMATS, { error: 'format must be geojson, csv or gpx' })
    .describe('geojson, csv, or gpx (GPX 1.1: the walking tour, its stops as waypoints and a track)'),
  start: idParam('start')
    .optional()
    .describe("format=gpx: the building to start the walk from (one of the list's); its first otherwise"),
});

/** One exported building, as the server reads it. */
export interface ExportRecord {
  id: number;
  name: string;
  lng: number;
  lat: number;
  year_built: number | null;
  year_demolished: number | null;
  /** Style names, alphabetical. */
  styles: string[];
  /** Architect names, in the order they were given. */
  architects: string[];
  city: string | null;
  country_code: string | null;
  /** Absolute URL of the building's page. */
  url: string;
  /** Absolute URL of the cover image rendition, or null. */
  cover_image: string | null;
  vote_stats: z.infer<typeof voteStatsSchema>;
}

/** The CSV's header row, in this order. */
export const CSV_COLUMNS = [
  'id',
  'name',
  'lng',
  'lat',
  'year_built',
  'year_demolished',
  'styles',
  'architects',
  'city',
  'country_code',
  'url',
] as const;

/** Names inside one CSV cell (styles, architects) are joined with this. */
export const CSV_LIST_SEPARATOR = '; ';

/**
 * A text cell as RFC 4180 writes it, guarded against spreadsheet formula injection: text starting
 * with = + - @ (or a tab or carriage return, which some spreadsheets skip before a formula) gets a
 * leading apostrophe, so a name such as `=HYPERLINK(…)` opens as text. Quoted when it holds a
 * comma, a double quote, CR or LF; quotes inside are doubled.
 */
export function csvText(value: string | null): string {
  if (value === null || value === '') return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A number cell: plain digits (never guarded: -0.07 is a longitude, not a formula). */
export function csvNumber(value: number | null): string {
  return value === null ? '' : String(value);
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export function csvLine(r: ExportRecord): string {
  return (
    [
      csvNumber(r.id),
      csvText(r.name),
      csvNumber(r.lng),
      csvNumber(r.lat),
      csvNumber(r.year_built),
      csvNumber(r.year_demolished),
      csvText(r.styles.join(CSV_LIST_SEPARATOR)),
      csvText(r.architects.join(CSV_LIST_SEPARATOR)),
      csvText(r.city),
      csvText(r.country_code),
      csvText(r.url),
    ].join(',') + '\r\n'
  );
}

export const CSV_HEADER_LINE = `${CSV_COLUMNS.join(',')}\r\n`;

/** Properties of one exported building: the card's, plus styles, architects, place and page. */
export const exportFeaturePropertiesSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    year_built: z.number().int().nullable(),
    year_demolished: z.number().int().nullable(),
    styles: z.array(z.string()),
    architects: z.array(z.string()),
    city: z.string().nullable(),
    country_code: z.string().nullable(),
    url: z.string().describe("The building's page"),
    cover_image: z.string().nullable(),
    vote_stats: voteStatsSchema,
  })
  .meta({ id: 'ExportFeatureProperties' });

export const exportFeatureSchema = z
  .object({
    type: z.literal('Feature'),
    id: z.number().int(),
    geometry: z.object({ type: z.literal('Point'), coordinates: coordinatesSchema }),
    properties: exportFeaturePropertiesSchema,
  })
  .meta({ id: 'ExportFeature' });

export type ExportFeature = z.infer<typeof exportFeatureSchema>;

/** The whole GeoJSON export: licence members first, then every matching building. */
export const exportFeatureCollectionSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    name: z.string(),
    license: z.literal(DATA_LICENSE.id),
    license_url: z.literal(DATA_LICENSE.url),
    attribution: z.string(),
    generated_at: z.string().describe('ISO 8601'),
    features: z.array(exportFeatureSchema),
  })
  .meta({ id: 'ExportFeatureCollection' });

export type ExportFeatureCollection = z.infer<typeof exportFeatureCollectionSchema>;

export function exportFeature(r: ExportRecord): ExportFeature {
  return {
    type: 'Feature',
    id: r.id,
    geometry: { type: 'Point', coordinates: [r.lng, r.lat] },
    properties: {
      id: r.id,
      name: r.name,
      year_built: r.year_built,
      year_demolished: r.year_demolished,
      styles: r.styles,
      architects: r.architects,
      city: r.city,
      country_code: r.country_code,
      url: r.url,
      cover_image: r.cover_image,
      vote_stats: r.vote_stats,
    },
  };
}

/**
 * The GeoJSON text before and after the features, so a server can stream the features between
 * them: `head + features.join(',') + tail` is the whole document.
 */
export function geojsonEnvelope(name: string, generatedAt: Date): { head: string; tail: string } {
  const members = {
    type: 'FeatureCollection',
    name,
    license: DATA_LICENSE.id,
    license_url: DATA_LICENSE.url,
    attribution: `${DATA_ATTRIBUTION}, ${DATA_LICENSE.name}`,
    generated_at: generatedAt.toISOString(),
  };
  const open = JSON.stringify(members);
  return { head: `${open.slice(0, -1)},"features":[`, tail: ']}\n' };
}

/** `atlas-of-buildings-2026-11-23.csv`, `atlas-of-buildings-list-12-2026-11-23.geojson`. */
export function exportFilename(format: ListExportFormat, date: Date, listId?: number): string {
  const day = date.toISOString().slice(0, 10);
  return `atlas-of-buildings${listId === undefined ? '' : `-list-${listId}`}-${day}.${format}`;
}

export const EXPORT_CONTENT_TYPES: Record<ListExportFormat, string> = {
  geojson: 'application/geo+json; charset=utf-8',
  csv: 'text/csv; charset=utf-8; header=present',
  gpx: GPX_CONTENT_TYPE,
};

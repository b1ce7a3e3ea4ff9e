/**
 * The export's formats and licence, without its schemas: what the web's
 * Export menu and About page need on first load. export.ts re-exports them.
 */

/** Who the data is credited to, beside its licence. */
export const DATA_ATTRIBUTION = '© Atlas of Buildings contributors';

/** The catalogue's data licence: the Open Database License 1.0. */
export const DATA_LICENSE = {
  id: 'ODbL-1.0',
  name: 'Open Database License (ODbL) v1.0',
  url: 'https://opendatacommons.org/licenses/odbl/1-0/',
} as const;

export const EXPORT_FORMATS = ['geojson', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A list exports as the catalogue does, or as a walking tour in GPX (domain/gpx.ts). */
export const LIST_EXPORT_FORMATS = [...EXPORT_FORMATS, 'gpx'] as const;
export type ListExportFormat = (typeof LIST_EXPORT_FORMATS)[number];

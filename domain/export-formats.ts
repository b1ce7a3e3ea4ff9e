/**
 * The export's formats, licence and link query, without its schemas: what the web's
 * Export menu and About page need on first load. export.ts re-exports them.
 */

/** The catalogue's data licence: the Open Database License 1.0. */
export const DATA_LICENSE = {
  id: 'ODbL-1.0',
  name: 'Open Database License (ODbL) v1.0',
  url: 'https://opendatacommons.org/licenses/odbl/1-0/',
} as const;

export const EXPORT_FORMATS = ['geojson', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Query string of the export link for the map's filters (the web's Export menu). */
export function exportSearch(
  format: ExportFormat,
  filters: {
    archStyles?: readonly number[];
    builtAfterDate?: number;
    builtBeforeDate?: number;
    standingInYear?: number;
    bounds?: { north: number; south: number; east: number; west: number };
  } = {},
): string {
  const p = new URLSearchParams({ format });
  if (filters.archStyles && filters.archStyles.length > 0) p.set('archStyles', filters.archStyles.join(','));
  if (filters.builtAfterDate !== undefined) p.set('builtAfterDate', String(filters.builtAfterDate));
  if (filters.builtBeforeDate !== undefined) p.set('builtBeforeDate', String(filters.builtBeforeDate));
  if (filters.standingInYear !== undefined) p.set('standingInYear', String(filters.standingInYear));
  if (filters.bounds) {
    for (const edge of ['north', 'south', 'east', 'west'] as const) p.set(edge, String(filters.bounds[edge]));
  }
  return p.toString();
}

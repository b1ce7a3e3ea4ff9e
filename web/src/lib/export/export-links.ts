/**
 * Links of the open data export: the catalogue with the explore screen's filters, and
 * one list. Plain download links to the API (docs/api.md, "Open data export").
 */
import { apiUrl } from '#domain/endpoints/define';
import { exportEndpoints } from '#domain/endpoints/export';
import type { ExportFormat } from '#domain/export-formats';

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { geojson: 'GeoJSON', csv: 'CSV' };

export interface CatalogueExportFilters {
  archStyles: readonly number[];
  builtAfterDate: number | null;
  builtBeforeDate: number | null;
  standingInYear: number | null;
  /** Only buildings with no visible image ('Needs photos'). */
  needsPhotos?: boolean;
  /** Only the buildings in this box (the map's view); the whole world when left out. */
  bounds?: { north: number; south: number; east: number; west: number };
}

const given = (v: number | null) => (v === null ? undefined : v);

/** GET /api/buildings/export with the filters that are set. */
export function catalogueExportHref(format: ExportFormat, f: CatalogueExportFilters): string {
  return apiUrl(exportEndpoints.catalogue, {
    query: {
      format,
      archStyles: f.archStyles,
      builtAfterDate: given(f.builtAfterDate),
      builtBeforeDate: given(f.builtBeforeDate),
      standingInYear: given(f.standingInYear),
      needsPhotos: f.needsPhotos || undefined,
      north: f.bounds?.north,
      south: f.bounds?.south,
      east: f.bounds?.east,
      west: f.bounds?.west,
    },
  });
}

/** GET /api/lists/{id}/export */
export function listExportHref(format: ExportFormat, listId: number): string {
  return apiUrl(exportEndpoints.list, { params: { id: listId }, query: { format } });
}

/** GET /api/users/{handle}/export: the user's own data as a ZIP ("Download my data"). */
export function accountExportHref(handle: string): string {
  return apiUrl(exportEndpoints.account, { params: { handle } });
}

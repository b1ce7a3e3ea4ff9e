import { describe, expect, it } from 'vitest';
import { buildingExportQuerySchema } from '#domain/export';
import { catalogueExportHref, listExportHref } from './export-links.ts';

describe('export links', () => {
  it('carries only the filters that are set, and the year', () => {
    const none = { archStyles: [], builtAfterDate: null, builtBeforeDate: null, standingInYear: null };
    expect(catalogueExportHref('csv', none)).toBe('/api/buildings/export?format=csv');
    expect(
      catalogueExportHref('geojson', {
        archStyles: [2, 9],
        builtAfterDate: 1800,
        builtBeforeDate: 1900,
        standingInYear: 1935,
        bounds: { north: 52, south: 51, east: 0.5, west: -0.5 },
      }),
    ).toBe(
      '/api/buildings/export?format=geojson&archStyles=2%2C9&builtAfterDate=1800&builtBeforeDate=1900' +
        '&standingInYear=1935&north=52&south=51&east=0.5&west=-0.5',
    );
  });

  it('links with a query the export schema accepts, the filters read back as they were set', () => {
    const href = catalogueExportHref('geojson', {
      archStyles: [3, 7],
      builtAfterDate: 1800,
      builtBeforeDate: null,
      standingInYear: 1935,
      bounds: { north: 52, south: 51, east: 1, west: -1 },
    });
    const query = new URL(href, 'http://atlas.example').searchParams;
    expect(buildingExportQuerySchema.parse(Object.fromEntries(query))).toEqual({
      format: 'geojson',
      archStyles: [3, 7],
      builtAfterDate: 1800,
      standingInYear: 1935,
      north: 52,
      south: 51,
      east: 1,
      west: -1,
    });
  });

  it('links a list', () => {
    expect(listExportHref('csv', 12)).toBe('/api/lists/12/export?format=csv');
  });
});

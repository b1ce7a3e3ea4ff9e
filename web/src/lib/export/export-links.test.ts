import { describe, expect, it } from 'vitest';
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

  it('links a list', () => {
    expect(listExportHref('csv', 12)).toBe('/api/lists/12/export?format=csv');
  });
});

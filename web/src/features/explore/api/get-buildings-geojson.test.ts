import { describe, expect, it } from 'vitest';
import { queryString } from '#domain/endpoints/define';
import { buildingsGeojsonQuery } from './get-buildings-geojson.ts';

/** The query string the map asks with. */
const buildingsGeojsonSearch = (params: Parameters<typeof buildingsGeojsonQuery>[0]) =>
  queryString(buildingsGeojsonQuery(params));

describe('buildingsGeojsonQuery (product §7: each filter only when set)', () => {
  it('sends the bounds alone when no filter is set', () => {
    expect(buildingsGeojsonSearch({ north: 85, south: -85, east: 180, west: -180 })).toBe(
      'north=85&south=-85&east=180&west=-180',
    );
  });

  it('adds years, comma-joined style ids and the zoom when set', () => {
    const search = buildingsGeojsonSearch({
      north: 1,
      south: 0,
      east: 1,
      west: 0,
      builtAfterDate: 1900,
      builtBeforeDate: null,
      archStyles: [3, 7],
      zoom: 4,
    });
    expect(search).toBe('north=1&south=0&east=1&west=0&builtAfterDate=1900&archStyles=3%2C7&zoom=4');
  });

  it('sends builtBeforeDate as the end year, and a year 0', () => {
    expect(
      buildingsGeojsonSearch({
        north: 1,
        south: 0,
        east: 1,
        west: 0,
        builtAfterDate: 0,
        builtBeforeDate: 1950,
      }),
    ).toBe('north=1&south=0&east=1&west=0&builtAfterDate=0&builtBeforeDate=1950');
  });
});

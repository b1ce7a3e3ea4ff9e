import { describe, expect, it } from 'vitest';
import { buildingsGeojsonSearch } from './get-buildings-geojson.ts';

describe('buildingsGeojsonSearch (spec 7: each filter only when set)', () => {
  it('sends the bounds alone when no filter is set', () => {
    expect(buildingsGeojsonSearch({ north: 85, south: -85, east: 180, west: -180 })).toBe(
      'north=85&south=-85&east=180&west=-180',
    );
  });

  it('adds years and comma-joined style ids when set', () => {
    const search = buildingsGeojsonSearch({
      north: 1,
      south: 0,
      east: 1,
      west: 0,
      builtAfterDate: 1900,
      builtBeforeDate: null,
      archStyles: [3, 7],
    });
    expect(search).toBe('north=1&south=0&east=1&west=0&builtAfterDate=1900&archStyles=3%2C7');
  });
});

import { describe, expect, it } from 'vitest';
import { buildingListQuerySchema, distanceOrigin } from './building-list.ts';

describe('the card list query: distance order', () => {
  it("reads near as [lat, lng], wrapping a panned map's longitude, and defaults to nearest first", () => {
    const q = buildingListQuerySchema.parse({ sort_by: 'distance', near: ' 48.8566,2.3522 ' });
    expect(q.near).toEqual([48.8566, 2.3522]);
    expect(q.sort_order).toBeUndefined();
    expect(buildingListQuerySchema.parse({ sort_by: 'distance', near: '-17.7,539.5' }).near).toEqual([
      -17.7, 179.5,
    ]);
    expect(buildingListQuerySchema.parse({ sort_by: 'distance', near: '0,-190' }).near).toEqual([0, 170]);
  });

  it('refuses a distance order from nowhere, a point without it, and points off the globe', () => {
    for (const query of [
      { sort_by: 'distance' },
      { near: '1,2' },
      { sort_by: 'distance', near: '1;2' },
      { sort_by: 'distance', near: '90.5,0' },
      { sort_by: 'distance', near: '0,600' },
    ]) {
      expect(buildingListQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
    expect(
      buildingListQuerySchema.safeParse({ sort_by: 'distance', north: '1', south: '0', east: '1', west: '0' })
        .success,
    ).toBe(true);
  });

  it("measures from near, else the viewport's centre, across the antimeridian too", () => {
    expect(distanceOrigin({ near: [1, 2], north: 10, south: 0, east: 10, west: 0 })).toEqual([1, 2]);
    expect(distanceOrigin({ north: 10, south: 0, east: 10, west: 0 })).toEqual([5, 5]);
    expect(distanceOrigin({ north: 0, south: -20, east: -170, west: 170 })).toEqual([-10, 180]);
    expect(distanceOrigin({ north: 0, south: -20, east: -160, west: 170 })).toEqual([-10, -175]);
    expect(distanceOrigin({ north: 0, south: -20, east: 200, west: 170 })).toEqual([-10, -175]);
    expect(distanceOrigin({})).toBeNull();
  });
});

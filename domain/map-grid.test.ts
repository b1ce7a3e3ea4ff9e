import { describe, expect, it } from 'vitest';
import {
  abbreviateCount,
  cellBounds,
  cellX,
  cellY,
  fitLevel,
  GRID_CELL_BUDGET,
  GRID_MAX_LEVEL,
  gridWindow,
  levelForZoom,
  zoomForViewport,
} from './map-grid.ts';

describe('grid cells', () => {
  it('numbers columns from -180° and rows from -90°, with 180° and 90° in the last ones', () => {
    expect(cellX(-180, 1)).toBe(0);
    expect(cellX(-0.000001, 1)).toBe(0);
    expect(cellX(0, 1)).toBe(1);
    expect(cellX(180, 1)).toBe(1);
    expect(cellY(-90, 2)).toBe(0);
    expect(cellY(0, 2)).toBe(1);
    expect(cellY(90, 2)).toBe(1);
    expect(cellX(180, 0)).toBe(0);
    expect(cellY(90, 0)).toBe(0);
  });

  it('nests: a cell at level L is its level-16 cell shifted right by 16 - L (as the database computes it)', () => {
    const points = [
      [2.35, 48.85],
      [-0.12, 51.5],
      [179.99, -16.5],
      [-179.99, 89.99],
      [180, 90],
      [-180, -90],
      [0, 0],
      [-74.0060152, 40.7127281],
    ] as const;
    for (const [lng, lat] of points) {
      for (let level = 0; level <= GRID_MAX_LEVEL; level++) {
        expect(cellX(lng, level)).toBe(cellX(lng, GRID_MAX_LEVEL) >> (GRID_MAX_LEVEL - level));
        expect(cellY(lat, level)).toBe(cellY(lat, GRID_MAX_LEVEL) >> (GRID_MAX_LEVEL - level));
      }
    }
  });

  it('gives a cell its bounds, and every point lies within its own cell', () => {
    expect(cellBounds(1, 1, 0)).toEqual([0, -90, 180, 90]);
    expect(cellBounds(3, 0, 0)).toEqual([-180, -90, -135, -45]);
    const [w, s, e, n] = cellBounds(10, cellX(2.35, 10), cellY(48.85, 10));
    expect(w).toBeLessThanOrEqual(2.35);
    expect(e).toBeGreaterThan(2.35);
    expect(s).toBeLessThanOrEqual(48.85);
    expect(n).toBeGreaterThan(48.85);
  });
});

describe('zoom and level', () => {
  it('derives a zoom from the viewport width when the map does not send one', () => {
    expect(zoomForViewport(undefined)).toBe(1);
    expect(zoomForViewport({ north: 85, south: -85, east: 180, west: -180 })).toBeCloseTo(1);
    expect(zoomForViewport({ north: 48.88, south: 48.84, east: 2.38, west: 2.32 })).toBeCloseTo(13.55, 1);
    // Across the antimeridian, wrapped or not, the span is 20°.
    expect(zoomForViewport({ north: 0, south: -10, east: -170, west: 170 })).toBeCloseTo(5.17, 1);
    expect(zoomForViewport({ north: 0, south: -10, east: 190, west: 170 })).toBeCloseTo(5.17, 1);
    expect(zoomForViewport({ north: 1, south: 1, east: 1, west: 1 })).toBe(22);
  });

  it('uses cells of 64 to 128 px: level = floor(zoom) + 3, at most the finest precomputed level', () => {
    expect(levelForZoom(0)).toBe(3);
    expect(levelForZoom(3.9)).toBe(6);
    expect(levelForZoom(13)).toBe(16);
    expect(levelForZoom(22)).toBe(GRID_MAX_LEVEL);
  });
});

describe('gridWindow', () => {
  it('widens a viewport to whole cells', () => {
    const w = gridWindow({ north: 50, south: 40, east: 10, west: 1 }, 3);
    expect(w.xRanges).toEqual([[4, 4]]);
    expect(w.yRange).toEqual([2, 3]);
    expect(w.bbox).toEqual([0, 0, 45, 90]);
    expect(w.cellCount).toBe(2);
  });

  it('splits a window crossing the antimeridian into two column ranges', () => {
    const w = gridWindow({ north: 0, south: -30, east: -170, west: 170 }, 4);
    expect(w.xRanges).toEqual([
      [15, 15],
      [0, 0],
    ]);
    // Latitude 0 lies in the row from 0 to 22.5°: edges belong to the cell they start.
    expect(w.bbox).toEqual([157.5, -45, -157.5, 22.5]);
    expect(w.cellCount).toBe(6);
    // The same viewport as a panned map sends it.
    expect(gridWindow({ north: 0, south: -30, east: 190, west: 170 }, 4).xRanges).toEqual(w.xRanges);
  });

  it('covers the world when no viewport is given', () => {
    const w = gridWindow(undefined, 2);
    expect(w.xRanges).toEqual([[0, 3]]);
    expect(w.yRange).toEqual([0, 1]);
    expect(w.bbox).toEqual([-180, -90, 180, 90]);
  });

  it('lowers the level until the window fits the cell budget', () => {
    const w = fitLevel({ north: 85, south: -85, east: 180, west: -180 }, 16);
    expect(w.cellCount).toBeLessThanOrEqual(GRID_CELL_BUDGET);
    expect(w.level).toBe(5);
  });
});

describe('abbreviateCount', () => {
  it.each([
    [7, '7'],
    [999, '999'],
    [1234, '1.2k'],
    [35_400, '35k'],
    [1_100_000, '1.1M'],
  ])('%d -> %s', (n, text) => {
    expect(abbreviateCount(n)).toBe(text);
  });
});

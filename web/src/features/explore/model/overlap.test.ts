import { describe, expect, it } from 'vitest';
import type { PopupBuilding } from '../lib/building-popup.ts';
import { MARKER_RADIUS_PX } from '../lib/buildings-layer.ts';
import {
  CLICK_SLACK_PX,
  buildingsAtClick,
  chooserTitle,
  nearestWorldCopy,
  type MarkerHit,
} from './overlap.ts';

const building = (id: number, name: string, year_built: number | null = null): PopupBuilding => ({
  id,
  name,
  description: null,
  year_built,
});
const hit = (b: PopupBuilding, x: number, y: number): MarkerHit => ({ building: b, x, y });
const reach = MARKER_RADIUS_PX + CLICK_SLACK_PX;
const click = { x: 100, y: 100 };

describe('overlapping markers', () => {
  it('counts every marker whose centre is within the marker radius plus the slack of the click', () => {
    const near = buildingsAtClick(
      [
        hit(building(1, 'Alpha'), 100, 100),
        hit(building(2, 'Beta'), 100 + reach, 100), // on the edge: counts
        hit(building(3, 'Gamma'), 100 + reach + 0.5, 100), // just beyond
        hit(building(4, 'Delta'), 106, 106), // 8.5 px away, diagonally
      ],
      click,
      reach,
    );
    expect(near.map((b) => b.id)).toEqual([1, 2, 4]);
  });

  it('lists each building once (a highlighted marker is drawn twice)', () => {
    const b = building(5, 'Pantheon', 126);
    expect(buildingsAtClick([hit(b, 100, 100), hit(b, 100, 100)], click, reach)).toEqual([b]);
  });

  it('orders by name (case, accents and numbers read naturally), then year (unknown last), then id', () => {
    const list = buildingsAtClick(
      [
        hit(building(1, 'tower 10'), 100, 100),
        hit(building(2, 'Tower 9'), 100, 100),
        hit(building(3, 'Église'), 100, 100),
        hit(building(4, 'Hall', null), 100, 100),
        hit(building(5, 'Hall', 1900), 100, 100),
        hit(building(6, 'Hall', -2560), 100, 100),
        hit(building(8, 'Annex'), 100, 100),
        hit(building(7, 'Annex'), 100, 100),
      ],
      click,
      reach,
    );
    expect(list.map((b) => b.id)).toEqual([7, 8, 3, 6, 5, 4, 2, 1]);
  });

  it('gives nothing when no marker is within reach', () => {
    expect(buildingsAtClick([hit(building(1, 'Far'), 130, 100)], click, reach)).toEqual([]);
  });

  it("titles the chooser '2 buildings here'", () => {
    expect(chooserTitle(2)).toBe('2 buildings here');
  });

  it('moves a longitude to the world copy nearest the click', () => {
    expect(nearestWorldCopy(179.5, -179.8)).toBe(-180.5);
    expect(nearestWorldCopy(10, 370)).toBe(370);
    expect(nearestWorldCopy(-0.1246, -0.1246)).toBe(-0.1246);
  });
});

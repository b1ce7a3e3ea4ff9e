import { beforeAll, describe, expect, it } from 'vitest';
import { countryShapes } from '../../geo/world.ts';
import {
  countryFrame,
  distanceDeg,
  FRAME,
  framedParts,
  indexCountries,
  MIN_RADIUS_DEG,
  partAt,
  SAFE_BOX,
  seaCenter,
  seaFrame,
  wrapLng,
  type CountryIndex,
  type CountryPart,
} from './locator-frame.ts';
import { dotAt } from './locator.service.ts';

let index: CountryIndex;
beforeAll(() => {
  index = indexCountries(countryShapes());
});

const nameOf = (part: CountryPart | undefined) =>
  part ? index.countries[part.country]?.properties.name : undefined;

/** The projected bounding box of some parts under a frame's projection. */
function projectedBox(parts: CountryPart[], project: (p: [number, number]) => [number, number] | null) {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const part of parts) {
    for (const p of part.polygon.coordinates[0] ?? []) {
      const q = project(p as [number, number]);
      if (!q) continue;
      [x0, y0, x1, y1] = [Math.min(x0, q[0]), Math.min(y0, q[1]), Math.max(x1, q[0]), Math.max(y1, q[1])];
    }
  }
  return { x0, y0, x1, y1 };
}

describe('partAt', () => {
  it('finds the country part holding a point', () => {
    expect(nameOf(partAt(index, 2.35, 48.86))).toBe('France');
    expect(nameOf(partAt(index, -0.13, 51.51))).toBe('United Kingdom');
    expect(nameOf(partAt(index, 103.82, 1.35))).toBe('Singapore');
  });

  it('prefers the smallest part (the Vatican inside Italy)', () => {
    expect(nameOf(partAt(index, 12.434, 41.902))).toBe('Vatican');
  });

  it('takes the nearest coast a little offshore, and nothing in the open sea', () => {
    // Off Brighton, a few km into the Channel.
    expect(nameOf(partAt(index, -0.14, 50.78))).toBe('United Kingdom');
    expect(partAt(index, -140, -30)).toBeUndefined();
    expect(partAt(index, -30, 40)).toBeUndefined();
  });

  it('reads longitudes across ±180°', () => {
    expect(nameOf(partAt(index, 178.44, -18.14))).toBe('Fiji');
    expect(nameOf(partAt(index, -179.9, -16.6))).toBe('Fiji');
    expect(nameOf(partAt(index, 177.5 - 360, 64.7))).toBe('Russia');
    expect(wrapLng(190)).toBe(-170);
    expect(wrapLng(-180)).toBe(-180);
  });
});

describe('framedParts', () => {
  it('frames the contiguous USA without Alaska and Hawaii, and Alaska without the rest', () => {
    const texas = partAt(index, -97.7, 30.27) as CountryPart;
    const framed = framedParts(index, texas);
    expect(framed).toContain(texas);
    expect(framed.some((p) => p.centroid[1] > 55)).toBe(false); // Alaska
    expect(framed.some((p) => p.centroid[0] < -150)).toBe(false); // Hawaii
    const alaska = partAt(index, -149.9, 61.2) as CountryPart;
    expect(framedParts(index, alaska).some((p) => p.centroid[1] < 50)).toBe(false);
  });

  it("frames Fiji's islands together across the antimeridian", () => {
    const vitiLevu = partAt(index, 178.44, -18.14) as CountryPart;
    const framed = framedParts(index, vitiLevu);
    expect(framed.some((p) => p.centroid[0] < 0)).toBe(true);
    expect(framed.some((p) => p.centroid[0] > 0)).toBe(true);
  });
});

describe('countryFrame', () => {
  it('fits the framed parts into the safe middle of the picture', () => {
    for (const [lng, lat] of [
      [2.35, 48.86],
      [-97.7, 30.27],
      [37.62, 55.75],
      [139.69, 35.68],
    ] as const) {
      const part = partAt(index, lng, lat) as CountryPart;
      const frame = countryFrame(index, part);
      const box = projectedBox(framedParts(index, part), (p) => frame.projection(p));
      const label = nameOf(part);
      expect(box.x0, label).toBeGreaterThanOrEqual(SAFE_BOX.x0 - 1);
      expect(box.x1, label).toBeLessThanOrEqual(SAFE_BOX.x1 + 1);
      expect(box.y0, label).toBeGreaterThanOrEqual(SAFE_BOX.y0 - 1);
      expect(box.y1, label).toBeLessThanOrEqual(SAFE_BOX.y1 + 1);
      // It fills the safe box along one side at least.
      expect(
        Math.max(
          (box.x1 - box.x0) / (SAFE_BOX.x1 - SAFE_BOX.x0),
          (box.y1 - box.y0) / (SAFE_BOX.y1 - SAFE_BOX.y0),
        ),
        label,
      ).toBeGreaterThan(0.9);
      const dot = dotAt(frame, lng, lat);
      expect(dot, label).not.toBeNull();
    }
  });

  it('shows a small country among its neighbours, not as the whole picture', () => {
    const part = partAt(index, 103.82, 1.35) as CountryPart;
    const frame = countryFrame(index, part);
    // At least MIN_RADIUS_DEG around it in each direction.
    expect(frame.reach).toBeGreaterThan(MIN_RADIUS_DEG);
    const box = projectedBox([part], (p) => frame.projection(p));
    expect(box.x1 - box.x0).toBeLessThan((SAFE_BOX.x1 - SAFE_BOX.x0) / 3);
    expect(box.x1 - box.x0).toBeGreaterThan(10);
  });

  it('centres Russia on itself, so Chukotka (east of 180°) is in the picture', () => {
    const part = partAt(index, -175, 66) as CountryPart;
    expect(nameOf(part)).toBe('Russia');
    const frame = countryFrame(index, part);
    const dot = dotAt(frame, -175, 66) as [number, number];
    expect(dot[0]).toBeGreaterThan(FRAME.width / 2);
    expect(dot[0]).toBeLessThanOrEqual(FRAME.width);
    const moscow = dotAt(frame, 37.62, 55.75) as [number, number];
    expect(moscow[0]).toBeLessThan(FRAME.width / 2);
  });

  it('depends on the part only: two points of one part share a frame key', () => {
    const a = countryFrame(index, partAt(index, 2.35, 48.86) as CountryPart);
    const b = countryFrame(index, partAt(index, 5.37, 43.3) as CountryPart);
    expect(a.key).toBe(b.key);
  });
});

describe('seaFrame', () => {
  it('is a globe centred on the point rounded to 15°, with the point on its near side', () => {
    expect(seaCenter(-140, -30)).toEqual([-135, -30]);
    expect(seaCenter(179, 89)).toEqual([-180, 60]);
    const frame = seaFrame(-140, -30);
    expect(frame.key).toBe(seaFrame(-137, -33).key);
    const dot = dotAt(frame, -140, -30) as [number, number];
    expect(Math.hypot(dot[0] - FRAME.width / 2, dot[1] - FRAME.height / 2)).toBeLessThan(40);
    // The far side of the globe has no dot.
    expect(dotAt(frame, 45, 30)).toBeNull();
  });
});

it('measures distances in degrees', () => {
  expect(distanceDeg([0, 0], [0, 90])).toBeCloseTo(90);
  expect(distanceDeg([179.5, 0], [-179.5, 0])).toBeCloseTo(1);
});

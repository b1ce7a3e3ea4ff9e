/**
 * GET /api/images/infinite-scroll?sortBy=capture_date: a building's photos by the year they were
 * taken, photos without a capture year last in both directions, ties by date added.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '#domain/images';
import { images } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding, userId } from '../../test/targets.ts';
import { listImages } from '../../test/images.ts';

let t: TestApp;
let house: number;
const id: Record<string, number> = {};

const T0 = Date.parse('2026-01-01T00:00:00Z');

/** name, capture year, minute added: 'b' and 'c' share 1950, 'u1' and 'u2' have no year. */
const FIXTURES: [string, number | null, number][] = [
  ['u1', null, 1],
  ['c', 1950, 2],
  ['a', 1890, 3],
  ['u2', null, 4],
  ['d', 2024, 5],
  ['b', 1950, 6],
];

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  await signIn(t.app, 'ada');
  const adaId = await userId(t.app.db, 'ada');
  house = await insertBuilding(t.app.db, 'House');
  const other = await insertBuilding(t.app.db, 'Other');
  for (const [name, year, minute] of [...FIXTURES, ['elsewhere', 1800, 7] as const]) {
    const key = `images/${house}/00000000-0000-4000-8000-${String(minute).padStart(12, '0')}.jpg`;
    const [row] = await t.app.db
      .insert(images)
      .values({
        building_id: name === 'elsewhere' ? other : house,
        added_by: adaId,
        status: 'ready',
        image_type: 'exterior',
        storage_key: key,
        file_ext: '.jpg',
        width: 800,
        height: 600,
        renditions: { '400': key.replace('.jpg', '-400.webp') },
        capture_year: year,
        created_at: new Date(T0 + minute * 60_000),
      })
      .returning({ id: images.id });
    id[name] = row!.id;
  }
});
afterAll(async () => t?.close());

const names = (items: Image[]) => items.map((i) => Object.keys(id).find((k) => id[k] === i.id));

async function sorted(query: string) {
  const res = await listImages(t.app, `buildingId=${house}&sortBy=capture_date&${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('sortBy=capture_date', () => {
  it('orders oldest year first with asc, photos without a year last, ties by date added', async () => {
    const body = await sorted('sortOrder=asc');
    expect(names(body.items)).toEqual(['a', 'c', 'b', 'd', 'u1', 'u2']);
    expect(body.items.map((i) => i.capture_year)).toEqual([1890, 1950, 1950, 2024, null, null]);
  });

  it('orders latest year first by default (desc), photos without a year still last', async () => {
    expect(names((await sorted('')).items)).toEqual(['d', 'b', 'c', 'a', 'u2', 'u1']);
    expect(names((await sorted('sortOrder=desc')).items)).toEqual(['d', 'b', 'c', 'a', 'u2', 'u1']);
  });

  it('pages without repeating or skipping a photo', async () => {
    const seen: string[] = [];
    for (let p = 1; p <= 3; p++) {
      const body = await sorted(`sortOrder=asc&per_page=2&page=${p}`);
      expect(body.hasNext).toBe(p < 3);
      seen.push(...(names(body.items) as string[]));
    }
    expect(seen).toEqual(['a', 'c', 'b', 'd', 'u1', 'u2']);
  });

  it('refuses an unknown sort with a problem naming capture_date among the choices', async () => {
    const res = await listImages(t.app, `buildingId=${house}&sortBy=capture_year`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('capture_date');
  });
});

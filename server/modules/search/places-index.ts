/**
 * Places for search, matched in memory over the offline gazetteer (server/geo/world.ts): the
 * basemap's world cities with population, so a search finds 'barcelona' with no geocoder. Names
 * are normalised as the database normalises text (lowercase, accents and punctuation folded);
 * a place matches when its name is the query, starts with it, has a word starting with it, or is
 * one or two edits away (a typo; the first three letters must be right).
 */
import { architectNameKey as normalise } from '#domain/architects';
import type { PlaceHit } from '#domain/search';
import { places, type Place } from '../../geo/world.ts';

interface Entry {
  key: string;
  place: Place;
}

let buckets: Map<string, Entry[]> | undefined;

/**
 * Entries by the first two and by the first three letters of each word of their name, biggest
 * places first. A query of three letters or more looks only in its three-letter bucket: a typo
 * must come after the third letter, and a query costs a few hundred comparisons, not thousands.
 */
function index(): Map<string, Entry[]> {
  if (buckets) return buckets;
  const map = new Map<string, Entry[]>();
  for (const place of places()) {
    const key = normalise(place.name);
    if (key === '') continue;
    const entry = { key, place };
    const words = key.split(' ');
    const heads = new Set([
      ...words.map((w) => w.slice(0, 2)),
      ...words.filter((w) => w.length >= 3).map((w) => w.slice(0, 3)),
    ]);
    for (const head of heads) {
      let list = map.get(head);
      if (!list) map.set(head, (list = []));
      list.push(entry);
    }
  }
  buckets = map;
  return map;
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

/** How well a place name matches the normalised query; 0 when it does not. Same scale as the SQL. */
export function placeScore(key: string, q: string): number {
  if (key === q) return 4;
  if (key.startsWith(q)) return 3;
  if (key.includes(` ${q}`)) return 2.5;
  if (q.length < 4) return 0;
  // A mistyped place is typed as one name: a query of more words than the name is no typo of it.
  if (q.split(' ').length > key.split(' ').length || q.length > key.length + 2) return 0;
  const max = q.length >= 8 ? 2 : 1;
  // The whole name mistyped ('barcleona'), or its beginning as far as typed ('barcleo').
  const whole = editDistance(q, key, max);
  const typed = editDistance(q, key.slice(0, q.length), max);
  const d = Math.min(whole, typed);
  // Below any trigram match of the database (≥ 0.6): a place with a typo comes after those.
  return d <= max ? 0.55 - 0.05 * d : 0;
}

export interface ScoredPlace {
  score: number;
  hit: PlaceHit;
}

/** The best `limit` places for the query, scored by the match alone; among equal matches bigger places first. */
export function searchPlaces(query: string, limit: number): ScoredPlace[] {
  const q = normalise(query);
  if (q.length < 2) return [];
  const candidates = index().get(q.slice(0, q.length >= 3 && q[2] !== ' ' ? 3 : 2)) ?? [];
  const found: ScoredPlace[] = [];
  const seen = new Set<number>();
  for (const { key, place } of candidates) {
    if (seen.has(place.id)) continue;
    seen.add(place.id);
    const score = placeScore(key, q);
    if (score === 0) continue;
    found.push({
      // The match alone: a place and a building that match alike tie, and a tie goes to the
      // building (search.service.ts). A bonus for population here put every town named 'Casa…'
      // above Casa Batlló for 'casa'. Among places, bigger first: the order of the candidates.
      score,
      hit: {
        type: 'place',
        name: place.name,
        country_code: place.country,
        coordinates: [place.lng, place.lat],
      },
    });
  }
  // Stable: candidates were biggest first.
  return found.sort((a, b) => b.score - a.score).slice(0, limit);
}

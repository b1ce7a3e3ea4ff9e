import { describe, expect, it } from 'vitest';
import { PLACES_PER_NAME, placeScore, searchPlaces } from './places-index.ts';

describe('placeScore: on the scale of the SQL that ranks buildings (pg_trgm word similarity)', () => {
  it('scores the name 4, its beginning 2 + similarity, a word beginning 1.5 + similarity', () => {
    expect(placeScore('paris', 'paris')).toBe(4);
    // 'casa' ends where a word ends: similarity 1, as word_similarity('casa', 'casa grande').
    expect(placeScore('casa grande', 'casa')).toBe(3);
    // Word begun only: 4 of 5 trigrams, as word_similarity('casa', 'casablanca') = 0.8.
    expect(placeScore('casablanca', 'casa')).toBeCloseTo(2.8, 5);
    expect(placeScore('bauru', 'bau')).toBeCloseTo(2.75, 5);
    // Two words, the last begun: 'sagrada fam' in 'sagrada familia' is 11 of 12 (pg_trgm: 0.9167).
    expect(placeScore('sagrada familia', 'sagrada fam')).toBeCloseTo(2 + 11 / 12, 5);
    expect(placeScore('san cristobal de las casas', 'casa')).toBeCloseTo(2.3, 5);
    expect(placeScore('charters towers', 'towers')).toBe(2.5);
  });

  it('scores a typo below any trigram match, and a miss 0', () => {
    const typo = placeScore('barcelona', 'barcleona');
    expect(typo).toBeGreaterThan(0);
    expect(typo).toBeLessThan(0.6);
    expect(placeScore('madrid', 'barcelona')).toBe(0);
  });
});

describe('searchPlaces', () => {
  it('keeps the kind of match, then size, with scores that never rise down the list', () => {
    const found = searchPlaces('casa', 10);
    expect(found[0]!.hit.name).toBe('Casablanca');
    for (let i = 1; i < found.length; i++) expect(found[i]!.score).toBeLessThanOrEqual(found[i - 1]!.score);
  });

  it(`lists at most ${PLACES_PER_NAME} places of one name`, () => {
    const found = searchPlaces('rome', 10);
    expect(found.filter((p) => p.hit.name === 'Rome')).toHaveLength(PLACES_PER_NAME);
    expect(found[0]!.hit).toMatchObject({ name: 'Rome', country_code: 'IT' });
  });
});

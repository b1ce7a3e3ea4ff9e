/** 'Needs photos' in the map's cache keys: a filtered body is never served for another filter. */
import { describe, expect, it } from 'vitest';
import { buildingsGeojsonQuerySchema } from '#domain/building-map';
import { MediaUrls } from '../../storage/media-url.ts';
import { planMap } from './buildings.map.ts';

const opts = {
  maxFeatures: 5,
  filteredScanMax: 100,
  filteredSampleRows: 30,
  media: new MediaUrls('https://cdn.example.test/'),
};
const plan = (query: Record<string, string>) => planMap(buildingsGeojsonQuerySchema.parse(query), opts);

describe('planMap with needsPhotos', () => {
  it('puts needsPhotos=true into both keys and counts it as a filter', () => {
    const plain = plan({});
    const needing = plan({ needsPhotos: 'true' });
    expect(needing.pointsKey).not.toBe(plain.pointsKey);
    expect(needing.windowKey).not.toBe(plain.windowKey);
    expect(needing.filtered).toBe(true);
    expect(plain.filtered).toBe(false);
  });

  it('plans needsPhotos=false as no filter at all (one cache entry for both)', () => {
    expect(plan({ needsPhotos: 'false' })).toEqual(plan({}));
  });

  it('keeps the other filters apart with it', () => {
    const a = plan({ needsPhotos: 'true', archStyles: '3' });
    const b = plan({ needsPhotos: 'true', archStyles: '4' });
    expect(a.pointsKey).not.toBe(b.pointsKey);
  });
});

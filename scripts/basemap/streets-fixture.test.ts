import { describe, expect, it } from 'vitest';
import { PMTiles, type Source } from 'pmtiles';
import { buildStreetsFixture, STREETS_FIXTURE_ZOOMS } from './streets-fixture.ts';

/** Casa Batlló, in the seeded catalogue: the e2e test opens its page on the fixture's streets. */
const CASA_BATLLO = { lng: 2.1649, lat: 41.3916 };

function tileAt(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [
    Math.floor(((lng + 180) / 360) * n),
    Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  ];
}

describe('the streets test archive (scripts/basemap/streets-fixture.ts)', () => {
  const { archive } = buildStreetsFixture();
  const source: Source = {
    getKey: () => 'fixture',
    getBytes: async (offset, length) => {
      const slice = archive.subarray(offset, offset + length);
      const data = new ArrayBuffer(slice.length);
      new Uint8Array(data).set(slice);
      return { data };
    },
  };
  const reader = new PMTiles(source);

  it('is small enough to make at test time, with zooms 13–15 around Casa Batlló', async () => {
    expect(archive.length).toBeLessThan(200 * 1024);
    const header = await reader.getHeader();
    expect([header.minZoom, header.maxZoom]).toEqual([STREETS_FIXTURE_ZOOMS.min, STREETS_FIXTURE_ZOOMS.max]);
    expect(header.minLon).toBeLessThan(CASA_BATLLO.lng);
    expect(header.maxLon).toBeGreaterThan(CASA_BATLLO.lng);
    expect(header.minLat).toBeLessThan(CASA_BATLLO.lat);
    expect(header.maxLat).toBeGreaterThan(CASA_BATLLO.lat);
  });

  it("holds Protomaps' layers with their properties where the building stands, at every zoom", async () => {
    for (let z = STREETS_FIXTURE_ZOOMS.min; z <= STREETS_FIXTURE_ZOOMS.max; z++) {
      const [x, y] = tileAt(CASA_BATLLO.lng, CASA_BATLLO.lat, z);
      const tile = await reader.getZxy(z, x, y);
      // The MVT's layer names, keys and string values are stored as UTF-8 text.
      const text = Buffer.from(tile?.data ?? new ArrayBuffer(0)).toString('utf8');
      for (const word of [
        'earth',
        'roads',
        'buildings',
        'kind',
        'major_road',
        'minor_road',
        'Passeig de Gràcia',
      ])
        expect(text, `z${z}: ${word}`).toContain(word);
    }
  });
});

/**
 * Image decoding bounded whatever the format, through the real sequence (upload → PUT over HTTP →
 * confirm → process → thumbnail job): a GIF of a few dozen bytes that declares a 7000×7000 canvas
 * is decoded outside the server's process, so the server's memory does not grow by the hundreds of
 * megabytes its pixels take (docs/decisions/2026-11-27-image-decoding-bounds.md); a GIF whose
 * frames together pass the pixel limit is refused from its header, with a reason the uploader reads.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '#domain/images';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding, userId } from '../../test/targets.ts';
import { gifClaiming, uploadAndProcess } from '../../test/images.ts';
import { MAX_INPUT_PIXELS } from './renditions.ts';

let t: TestApp;
let base: string;
let ada: { cookie: string };
let buildingId: number;

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ada = await signIn(t.app, 'ada');
  buildingId = await insertBuilding(t.app.db, 'Bounds House', await userId(t.app.db, 'ada'));
});
afterAll(async () => t?.close());

const MB = 1024 * 1024;

async function imageOf(id: number): Promise<Image> {
  const res = await t.app.inject({ method: 'GET', url: `/api/images/${id}`, headers: ada });
  return res.json<Image>();
}

describe('a tiny GIF that declares a huge canvas', () => {
  it('leaves the server within 150 MB of where it started, during the job and 60 s after it', async () => {
    const gif = gifClaiming(7000, 7000);
    expect(gif.length).toBeLessThan(64);
    expect(7000 * 7000).toBeLessThanOrEqual(MAX_INPUT_PIXELS);
    const start = process.memoryUsage.rss();
    let peak = start;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 50);
    try {
      const { ids, statuses } = await uploadAndProcess(
        t.app,
        base,
        ada,
        buildingId,
        [{ data: gif, fileExt: '.gif' }],
        { timeoutMs: 120_000 },
      );
      // Within the bounds: it is processed, as any GIF of that size would be.
      expect(statuses).toEqual(['SUCCESS']);
      expect(await imageOf(ids[0]!)).toMatchObject({ status: 'ready', width: 7000, height: 7000 });
      peak = Math.max(peak, process.memoryUsage.rss());
      expect((peak - start) / MB).toBeLessThan(150);

      await new Promise((resolve) => setTimeout(resolve, 60_000));
      expect((process.memoryUsage.rss() - start) / MB).toBeLessThan(150);
      expect((peak - start) / MB).toBeLessThan(150);
    } finally {
      clearInterval(sampler);
    }
  }, 240_000);
});

describe('frames × pixels beyond the limit', () => {
  it('fails a GIF of four 4000×4000 frames (64 megapixels in all) with a reason the uploader reads', async () => {
    const gif = gifClaiming(4000, 4000, 4);
    // Each frame alone is within the limit; together they are not.
    expect(4000 * 4000).toBeLessThan(MAX_INPUT_PIXELS);
    const { ids, statuses } = await uploadAndProcess(
      t.app,
      base,
      ada,
      buildingId,
      [{ data: gif, fileExt: '.gif' }],
      { timeoutMs: 120_000 },
    );
    expect(statuses).toEqual(['FAILURE']);
    expect(await imageOf(ids[0]!)).toMatchObject({
      status: 'failed',
      failure_reason:
        'The image has 4 frames of 4000×4000 pixels (64 megapixels in all); at most 50 megapixels are accepted',
    });
  }, 180_000);
});

/**
 * One user cannot fill the thumbnail queue. A user has at most
 * IMAGE_JOBS_MAX_PER_USER images processing (429 beyond), and another user's image is not left
 * behind all of theirs: the queue takes every user's first image before anyone's second.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../db/schema.ts';
import { thumbnailJob } from './thumbnail.job.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding, userId } from '../../test/targets.ts';
import { smallGif } from '../../test/images.ts';
import { originalKey } from './uploads.service.ts';

const CAP = 20;

let t: TestApp;
let buildingId: number;

beforeAll(async () => {
  // No workers at first: the test fills the queue, then starts one worker.
  t = await createTestApp({ SEED: 'false', WORKER: 'false', IMAGE_JOBS_MAX_PER_USER: String(CAP) });
  await signIn(t.app, 'ada');
  buildingId = await insertBuilding(t.app.db, 'Queue House', await userId(t.app.db, 'ada'));
});
afterAll(async () => t?.close());

/** `n` confirmed (uploaded) images of a user with real files, as confirm-upload leaves them. */
async function uploadedImages(handle: string, n: number): Promise<number[]> {
  const addedBy = await userId(t.app.db, handle);
  const gif = await smallGif();
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const key = originalKey(buildingId, '.gif');
    await t.app.storage.write(key, gif, 'image/gif');
    const [row] = await t.app.db
      .insert(images)
      .values({
        building_id: buildingId,
        added_by: addedBy,
        status: 'uploaded',
        image_type: 'exterior',
        storage_key: key,
        file_ext: '.gif',
        content_type: 'image/gif',
        size_bytes: gif.length,
      })
      .returning({ id: images.id });
    ids.push(row!.id);
  }
  return ids;
}

const processUploaded = (who: { cookie: string }, imageIds: number[]) =>
  t.app.inject({ method: 'POST', url: '/api/images/process-uploaded', headers: who, payload: { imageIds } });

describe('the thumbnail queue', () => {
  it("caps one user's queued images and still processes another user's image early", async () => {
    const ada = await signIn(t.app, 'ada');
    const bob = await signIn(t.app, 'bob');
    const adaIds = await uploadedImages('ada', CAP + 1);
    const bobIds = await uploadedImages('bob', 1);

    expect((await processUploaded(ada, adaIds.slice(0, CAP))).statusCode).toBe(200);
    // One more than the cap: refused with a problem, and the image is left as it was.
    const over = await processUploaded(ada, adaIds.slice(CAP));
    expect(over.statusCode).toBe(429);
    expect(over.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(over.json<{ detail: string }>().detail).toMatch(
      `You have ${CAP} images waiting to be processed and may have at most ${CAP}`,
    );
    const [left] = await t.app.db
      .select({ status: images.status })
      .from(images)
      .where(eq(images.id, adaIds[CAP]!));
    expect(left!.status).toBe('uploaded');
    // Another user is not held back by ada's cap.
    expect((await processUploaded(bob, bobIds)).statusCode).toBe(200);

    // One worker takes the jobs one at a time; each image's updated_at is when it became ready.
    const all = [...adaIds.slice(0, CAP), ...bobIds];
    // As registerWorkers does, with a shorter poll: a worker waits its polling interval between jobs.
    const services = { db: t.app.db, log: t.app.log, storage: t.app.storage };
    await t.app.queue.work(
      'thumbnail',
      (payload, job) =>
        thumbnailJob.handler(payload, {
          ...services,
          jobId: job.id,
          isLastAttempt: job.retryCount >= job.retryLimit,
        }),
      { concurrency: 1, pollingIntervalSeconds: 0.5 },
    );
    const readyInOrder = () =>
      t.app.db
        .select({ id: images.id })
        .from(images)
        .where(and(inArray(images.id, all), eq(images.status, 'ready')))
        .orderBy(asc(images.updated_at), asc(images.id))
        .then((rows) => rows.map((r) => r.id));
    await expect
      .poll(async () => (await readyInOrder()).length, { timeout: 60_000, interval: 100 })
      .toBe(all.length);
    const order = await readyInOrder();
    // bob's one image is taken right after ada's first, not after all twenty of hers.
    expect(order.indexOf(bobIds[0]!)).toBeLessThanOrEqual(2);
  }, 90_000);
});

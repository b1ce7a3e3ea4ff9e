/**
 * "Download my data" over a real socket, with 48 original files of 1 MB (48 MB of ZIP): the
 * answer starts before the files are read, and a client that stops reading holds the export
 * back (the loopback's socket buffers take a few MB at most), so the server opens the next file
 * only when the reader took the ones before: memory holds a chunk, not the archive. Read on,
 * the whole ZIP arrives and opens with every file intact.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding, userId } from '../../test/targets.ts';

const FILES = 48;
const FILE_BYTES = 1024 * 1024;

let t: TestApp;
let base: string;
let ada: { cookie: string };
let opened = 0;
const originals = new Map<number, Buffer>();

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  ada = await signIn(t.app, 'ada');
  const adaId = await userId(t.app.db, 'ada');
  const buildingId = await insertBuilding(t.app.db, 'Many photos', adaId);
  for (let i = 0; i < FILES; i++) {
    // Random bytes: stored as they are in the ZIP, so its size is the files' size.
    const bytes = crypto.randomBytes(FILE_BYTES);
    const key = `originals/${buildingId}/${crypto.randomUUID()}.jpg`;
    await t.app.storage.write(key, bytes, 'image/jpeg');
    const [row] = await t.app.db
      .insert(images)
      .values({
        building_id: buildingId,
        added_by: adaId,
        status: 'ready',
        image_type: 'exterior',
        storage_key: key,
        file_ext: '.jpg',
        size_bytes: bytes.length,
      })
      .returning({ id: images.id });
    originals.set(row!.id, bytes);
  }
  // Counts the files the export opens.
  const storage = t.app.storage;
  const readStream = storage.readStream.bind(storage);
  storage.readStream = (key) => {
    opened += 1;
    return readStream(key);
  };
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => t?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GET /api/users/{handle}/export over a socket', () => {
  it('streams: starts at once, waits for a reader that stops, and finishes whole when read', async () => {
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.get(`${base}/api/users/ada/export`, { headers: ada }, (r) => {
        r.pause();
        resolve(r);
      });
      req.on('error', reject);
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['transfer-encoding']).toBe('chunked');

    // Headers in and nothing read: give the server time to run ahead if it would.
    await sleep(1500);
    const openedWhilePaused = opened;
    // The socket buffers hold a few MB: far fewer files than all of them were opened.
    expect(openedWhilePaused).toBeLessThan(FILES / 2);

    const parts: Buffer[] = [];
    for await (const chunk of res) parts.push(chunk as Buffer);
    const body = Buffer.concat(parts);
    expect(opened).toBe(FILES);
    expect(body.length).toBeGreaterThan(FILES * FILE_BYTES);

    const zip = unzipSync(new Uint8Array(body));
    for (const [id, bytes] of originals) {
      const file = zip[`images/${id}.jpg`];
      expect(file, `images/${id}.jpg`).toBeDefined();
      expect(Buffer.from(file!).equals(bytes)).toBe(true);
    }
  }, 120_000);
});

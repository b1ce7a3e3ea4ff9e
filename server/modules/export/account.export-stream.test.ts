/**
 * "Download my data" over a real socket, with 48 original files of 1 MB (48 MB of ZIP): the
 * answer starts before the files are read, and a client that stops reading holds the export
 * back (the loopback's socket buffers take a few MB at most), so the server opens the next file
 * only when the reader took the ones before: memory holds a chunk, not the archive. Read on,
 * the whole ZIP arrives and opens with every file intact. Its deadline is its own
 * (ACCOUNT_EXPORT_DEADLINE_MS, not the catalogue's EXPORT_DEADLINE_MS): past it the download is cut.
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

/** `files` original files of FILE_BYTES random bytes, uploaded by ada; their ids and bytes. */
async function storeOriginals(app: TestApp['app'], files: number): Promise<Map<number, Buffer>> {
  const adaId = await userId(app.db, 'ada');
  const buildingId = await insertBuilding(app.db, 'Many photos', adaId);
  const stored = new Map<number, Buffer>();
  for (let i = 0; i < files; i++) {
    // Random bytes: stored as they are in the ZIP, so its size is the files' size.
    const bytes = crypto.randomBytes(FILE_BYTES);
    const key = `originals/${buildingId}/${crypto.randomUUID()}.jpg`;
    await app.storage.write(key, bytes, 'image/jpeg');
    const [row] = await app.db
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
    stored.set(row!.id, bytes);
  }
  return stored;
}

const listen = async (app: TestApp['app']) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

/** Starts the download of ada's data; resolves once the headers are in, paused. */
const openExport = (from: string, cookie: { cookie: string }) =>
  new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get(`${from}/api/users/ada/export`, { headers: cookie }, (r) => {
      r.pause();
      resolve(r);
    });
    req.on('error', reject);
  });

beforeAll(async () => {
  // The catalogue's deadline is far shorter than the pause below: it does not apply here.
  t = await createTestApp({ SEED: 'false', EXPORT_DEADLINE_MS: '300' });
  ada = await signIn(t.app, 'ada');
  for (const [id, bytes] of await storeOriginals(t.app, FILES)) originals.set(id, bytes);
  // Counts the files the export opens.
  const storage = t.app.storage;
  const readStream = storage.readStream.bind(storage);
  storage.readStream = (key) => {
    opened += 1;
    return readStream(key);
  };
  base = await listen(t.app);
}, 120_000);
afterAll(async () => t?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GET /api/users/{handle}/export over a socket', () => {
  it('streams: starts at once, waits for a reader that stops, and finishes whole when read', async () => {
    const res = await openExport(base, ada);
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

describe('a data download past ACCOUNT_EXPORT_DEADLINE_MS', () => {
  let cut: TestApp;
  let cutBase: string;
  let cookie: { cookie: string };

  beforeAll(async () => {
    cut = await createTestApp({ SEED: 'false', ACCOUNT_EXPORT_DEADLINE_MS: '500' });
    cookie = await signIn(cut.app, 'ada');
    await storeOriginals(cut.app, 12);
    cutBase = await listen(cut.app);
  }, 120_000);
  afterAll(async () => cut?.close());

  it('is cut, and the next download from the address is served', async () => {
    const res = await openExport(cutBase, cookie);
    expect(res.statusCode).toBe(200);
    res.on('error', () => {}); // the cut shows as an aborted response
    await sleep(1500);
    const parts: Buffer[] = [];
    let aborted = false;
    try {
      for await (const chunk of res) parts.push(chunk as Buffer);
    } catch {
      aborted = true;
    }
    const body = Buffer.concat(parts);
    // Less than the 12 MB of files arrived, and what did is no whole ZIP.
    expect(aborted || body.length < 12 * FILE_BYTES).toBe(true);
    expect(() => unzipSync(new Uint8Array(body))).toThrow();

    const next = await openExport(cutBase, cookie);
    expect(next.statusCode).toBe(200);
    next.destroy();
  }, 60_000);
});

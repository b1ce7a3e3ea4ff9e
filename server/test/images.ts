/** Image files made with sharp, and the upload sequence of product §7, for API tests. */
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import type { ImageList, UploadResponse } from '#domain/images';

/** A 600×400 JPEG stored sideways (EXIF orientation 6), with GPS and DateTimeOriginal 1998. */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 180, g: 60, b: 40 } } })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'AtlasTestCam', Model: 'T1' },
      IFD2: { DateTimeOriginal: '1998:07:04 10:00:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 0/1',
      },
    })
    .toBuffer();
}

/** A PNG larger than the big rendition (cheap: one colour). */
export function widePng(width = 2000, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 160, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** A GIF smaller than both renditions. */
export function smallGif(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 30, g: 30, b: 200 } } })
    .gif()
    .toBuffer();
}

/** A PNG of noise: it hardly compresses, so it is big for its size. */
export function noisyPng(side: number): Promise<Buffer> {
  return sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A PNG whose header claims width×height pixels (the data is a 1×1 image's): a decompression bomb. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  // Signature (8), IHDR length (4), "IHDR" (4), width, height, … CRC over type + data (17 bytes).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

/**
 * A GIF of a few dozen bytes whose canvas and each of its `frames` frames claim width×height
 * pixels; the picture data is a single code, and decoders fill the rest of the frame. Decoding it
 * costs what its header declares: width × height × 4 bytes a frame.
 */
export function gifClaiming(width: number, height: number, frames = 1): Buffer {
  const u16 = (n: number) => [n & 0xff, n >> 8];
  const bytes = [
    ...Buffer.from('GIF89a', 'latin1'),
    // Logical screen: the canvas, a global colour table of two colours, background 0.
    ...u16(width),
    ...u16(height),
    0x80,
    0,
    0,
    ...[0, 0, 0, 255, 255, 255],
  ];
  for (let i = 0; i < frames; i++) {
    // Image descriptor at 0,0 covering the canvas, then LZW data: minimum code size 2, one block.
    bytes.push(0x2c, 0, 0, 0, 0, ...u16(width), ...u16(height), 0, 2, 2, 0x44, 0x01, 0);
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
}

export interface FileToUpload {
  data: Buffer;
  fileExt: '.jpg' | '.jpeg' | '.png' | '.gif';
  type?: string;
  description?: string | null;
  captureYear?: number | string | null;
  /** Declared size; uploadAndProcess sends the data's length unless this says otherwise. */
  fileSize?: number;
}

export async function requestUpload(
  app: FastifyInstance,
  cookie: { cookie: string },
  buildingId: number,
  files: Omit<FileToUpload, 'data'>[],
) {
  return app.inject({
    method: 'POST',
    url: '/api/images/upload',
    headers: cookie,
    payload: {
      buildingId,
      metadata: files.map((f) => ({
        description: f.description ?? null,
        captureYear: f.captureYear ?? null,
        type: f.type ?? 'exterior',
        fileExt: f.fileExt,
        ...(f.fileSize === undefined ? {} : { fileSize: f.fileSize }),
      })),
    },
  });
}

/** PUTs a file to an upload URL over real HTTP (relative URLs are on `base`). */
export async function putFile(
  base: string,
  url: string,
  data: Buffer,
  contentType: string,
): Promise<Response> {
  return fetch(new URL(url, base), {
    method: 'PUT',
    body: new Uint8Array(data),
    headers: { 'content-type': contentType },
  });
}

export async function waitForTask(
  app: FastifyInstance,
  taskId: string,
  timeoutMs = 30_000,
): Promise<'SUCCESS' | 'FAILURE'> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const res = await app.inject({ method: 'GET', url: `/api/images/processing-status/${taskId}` });
    last = res.json<{ status: string }>().status;
    if (last === 'SUCCESS' || last === 'FAILURE') return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`task ${taskId} is still ${last}`);
}

/**
 * The whole sequence of product §7: request slots, PUT, confirm, queue processing and wait for every
 * task. Returns the image ids and each task's final status.
 */
export async function uploadAndProcess(
  app: FastifyInstance,
  base: string,
  cookie: { cookie: string },
  buildingId: number,
  files: FileToUpload[],
  { timeoutMs }: { timeoutMs?: number } = {},
): Promise<{ ids: number[]; statuses: ('SUCCESS' | 'FAILURE')[]; session: UploadResponse }> {
  const res = await requestUpload(
    app,
    cookie,
    buildingId,
    files.map((f) => ({ ...f, fileSize: f.fileSize ?? f.data.length })),
  );
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  const session = res.json<UploadResponse>();
  const ids = session.images.map((i) => i.id);
  const puts = await Promise.all(
    session.uploadUrls.map((u, i) => putFile(base, u.url, files[i]!.data, u.content_type)),
  );
  for (const p of puts) if (!p.ok) throw new Error(`PUT: ${p.status} ${await p.text()}`);
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/images/confirm-upload',
    headers: cookie,
    payload: { successfulIds: ids, failedIds: [] },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.statusCode} ${confirm.body}`);
  const processing = await app.inject({
    method: 'POST',
    url: '/api/images/process-uploaded',
    headers: cookie,
    payload: { imageIds: ids },
  });
  if (processing.statusCode !== 200) throw new Error(`process: ${processing.statusCode} ${processing.body}`);
  const tasks = processing.json<{ results: { task_id: string }[] }>().results;
  const statuses = await Promise.all(tasks.map((t) => waitForTask(app, t.task_id, timeoutMs)));
  return { ids, statuses, session };
}

export async function listImages(app: FastifyInstance, query: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: `/api/images/infinite-scroll?${query}`, headers });
  return { status: res.statusCode, body: res.json<ImageList>() };
}

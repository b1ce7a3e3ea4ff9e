/**
 * `node --import tsx bench/thumbnails.ts`: the thumbnail job's cost on 12-megapixel JPEGs.
 * 1. Renditions per second (processImage: validate, auto-orient, 400 px and 1600 px WebP), one at a
 *    time and two at a time (the worker's default WORKER_CONCURRENCY), with the process's peak RSS.
 * 2. A batch of BENCH_BATCH (default 20) uploads through the real app on local storage: the time
 *    from the first PUT to the last task's SUCCESS, by phase, and the server's peak RSS (API and
 *    worker share the process, as by default). BENCH_DATABASE_URL runs it on PostgreSQL as well.
 * Each part runs in a child process of its own, so each peak RSS is that part's alone.
 * Results go to bench/results/thumbnails-<engine>.json.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { UploadResponse } from '#domain/images';
import { processImage } from '../server/modules/images/renditions.ts';
import { createTestApp } from '../server/test/test-app.ts';
import { signIn } from '../server/test/sessions.ts';
import { insertBuilding } from '../server/test/targets.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 16);
const BATCH = Number(process.env.BENCH_BATCH ?? 20);
const MB = 1024 * 1024;

/** RSS before `run`, and the process's high-water mark after it (the kernel's maxRSS). */
async function peakRss<T>(
  run: () => Promise<T>,
): Promise<{ result: T; peakMb: number; baseMb: number; cpuMs: number }> {
  const baseMb = process.memoryUsage.rss() / MB;
  const cpu = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(cpu);
  const peakMb = process.resourceUsage().maxRSS / 1024;
  return {
    result,
    peakMb: Math.round(peakMb),
    baseMb: Math.round(baseMb),
    cpuMs: (used.user + used.system) / 1000,
  };
}

/** A 4000×3000 JPEG with photo-like texture (noise blown up, so it is neither flat nor pure noise). */
async function twelveMegapixelJpeg(): Promise<Buffer> {
  const texture = await sharp({
    create: {
      width: 1000,
      height: 750,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .png()
    .toBuffer();
  return sharp(texture)
    .resize(4000, 3000, { kernel: 'cubic' })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD2: { DateTimeOriginal: '2019:05:01 12:00:00' } })
    .toBuffer();
}

async function renditionsPerSecond(jpeg: Buffer, concurrency: number) {
  await processImage(jpeg); // warm-up
  const {
    result: seconds,
    peakMb,
    baseMb,
    cpuMs,
  } = await peakRss(async () => {
    const start = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < ROUNDS) {
          next++;
          await processImage(jpeg);
        }
      }),
    );
    return (performance.now() - start) / 1000;
  });
  return {
    concurrency,
    images: ROUNDS,
    imagesPerSecond: Number((ROUNDS / seconds).toFixed(2)),
    msPerImage: Number(((seconds * 1000) / ROUNDS).toFixed(0)),
    // CPU time does not depend on what else the machine runs: 2 cores give at most 2000 ms/s.
    cpuMsPerImage: Math.round(cpuMs / ROUNDS),
    loadAverage: Number(os.loadavg()[0]!.toFixed(1)),
    baseRssMb: baseMb,
    peakRssMb: peakMb,
  };
}

async function batchUpload(engine: 'pglite' | 'postgres', jpeg: Buffer) {
  if (engine === 'postgres') {
    process.env.TEST_DB_ENGINE = 'postgres';
    process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  } else {
    delete process.env.TEST_DB_ENGINE;
  }
  const t = await createTestApp({ SEED: 'false', LOG_LEVEL: 'silent' });
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const cookie = await signIn(t.app, 'bench');
    const buildingId = await insertBuilding(t.app.db, 'Bench House');
    const post = async <T>(url: string, payload: object): Promise<T> => {
      const res = await fetch(new URL(url, base), {
        method: 'POST',
        headers: { ...cookie, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };

    const {
      result: timing,
      peakMb,
      baseMb,
      cpuMs,
    } = await peakRss(async () => {
      const session = await post<UploadResponse>('/api/images/upload', {
        buildingId,
        metadata: Array.from({ length: BATCH }, () => ({ type: 'exterior', fileExt: '.jpg' })),
      });
      const ids = session.images.map((i) => i.id);
      const start = performance.now();
      await Promise.all(
        session.uploadUrls.map(async (u) => {
          const res = await fetch(new URL(u.url, base), {
            method: 'PUT',
            body: new Uint8Array(jpeg),
            headers: { 'content-type': u.content_type },
          });
          if (!res.ok) throw new Error(`PUT ${res.status}`);
        }),
      );
      const uploaded = performance.now();
      await post('/api/images/confirm-upload', { successfulIds: ids, failedIds: [] });
      const { results } = await post<{ results: { task_id: string }[] }>('/api/images/process-uploaded', {
        imageIds: ids,
      });
      const queued = performance.now();
      // Tasks run in queue order: wait on each in turn, 4 status requests a second, so polling
      // itself does not load the server (the web client asks every 2 s per task).
      const finished: number[] = [];
      for (const { task_id } of results) {
        for (;;) {
          const res = await fetch(`${base}/api/images/processing-status/${task_id}`);
          const { status } = (await res.json()) as { status: string };
          if (status === 'FAILURE') throw new Error(`task ${task_id} failed`);
          if (status === 'SUCCESS') break;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        finished.push(performance.now());
      }
      const done = Math.max(...finished);
      const firstDone = Math.min(...finished);
      return {
        putMs: Math.round(uploaded - start),
        confirmAndQueueMs: Math.round(queued - uploaded),
        processingMs: Math.round(done - queued),
        firstSuccessAfterPutMs: Math.round(firstDone - start),
        putToAllSuccessMs: Math.round(done - start),
      };
    });
    return {
      engine,
      images: BATCH,
      bytesPerImage: jpeg.length,
      ...timing,
      imagesPerSecondEndToEnd: Number((BATCH / (timing.putToAllSuccessMs / 1000)).toFixed(2)),
      // The server's CPU time (HTTP, database on PGlite, queue, sharp) per image.
      serverCpuMsPerImage: Math.round(cpuMs / BATCH),
      loadAverage: Number(os.loadavg()[0]!.toFixed(1)),
      serverBaseRssMb: baseMb,
      serverPeakRssMb: peakMb,
      workerConcurrency: t.config.workerConcurrency,
    };
  } finally {
    await t.close();
  }
}

/** Runs one part in a fresh process and returns the JSON it prints last. */
function inChild(part: string, ...args: string[]): unknown {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), part, ...args],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.env,
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as unknown;
}

async function part(name: string, arg: string | undefined, file: string) {
  const jpeg = await fs.readFile(file);
  if (name === 'renditions') return renditionsPerSecond(jpeg, Number(arg));
  if (name === 'batch') return batchUpload(arg as 'pglite' | 'postgres', jpeg);
  throw new Error(`unknown part ${name}`);
}

async function main() {
  const [name, arg, file] = process.argv.slice(2);
  if (name && file) {
    console.log(JSON.stringify(await part(name, arg, file)));
    process.exit(0);
  }
  // Made here once, so the parts' peaks do not include making it.
  const jpeg = await twelveMegapixelJpeg();
  const source = path.join(os.tmpdir(), `atlas-bench-${process.pid}.jpg`);
  await fs.writeFile(source, jpeg);
  const meta = await sharp(jpeg).metadata();
  console.log(
    `source: ${meta.width}×${meta.height} JPEG, ${(jpeg.length / MB).toFixed(2)} MB, orientation ${meta.orientation}`,
  );
  console.log(
    `sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, sharp.concurrency() = ${sharp.concurrency()}`,
  );

  const single = inChild('renditions', '1', source);
  console.log('one at a time', single);
  const double = inChild('renditions', '2', source);
  console.log('two at a time', double);

  const engines: ('pglite' | 'postgres')[] = process.env.BENCH_DATABASE_URL
    ? ['pglite', 'postgres']
    : ['pglite'];
  await fs.mkdir(path.join(here, 'results'), { recursive: true });
  for (const engine of engines) {
    const batch = inChild('batch', engine, source);
    console.log(`batch of ${BATCH} on ${engine}`, batch);
    const file = path.join(here, 'results', `thumbnails-${engine}.json`);
    const result = {
      date: new Date().toISOString(),
      node: process.version,
      sharp: sharp.versions.sharp,
      vips: sharp.versions.vips,
      source: { width: meta.width, height: meta.height, bytes: jpeg.length },
      renditions: [single, double],
      batch,
    };
    await fs.writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
  await fs.rm(source, { force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

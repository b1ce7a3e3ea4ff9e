/**
 * `node --import tsx bench/thumbnails.ts`: how much of the machine the thumbnail pipeline uses.
 *
 * It makes BENCH_BATCH (default 8) distinct 12-megapixel JPEGs once, then BENCH_RUNS times (default
 * 3) runs, back to back, each in a child process of its own:
 * 1. **raw**: the same two WebP renditions (400 px and 1600 px, as the job makes them) made directly
 *    with sharp from the same files, two files at a time (the default WORKER_CONCURRENCY): what the
 *    machine can do, with no HTTP, database or queue;
 * 2. **pipeline**: the same files through the real app on local storage over HTTP from a client
 *    process of its own (upload URLs,
 *    PUTs, confirm, process, each task's status polled in turn every BENCH_POLL_MS): first PUT → last SUCCESS seen by
 *    polling, and first PUT → last image ready on the server's clock (polling granularity apart);
 * and prints the pipeline ÷ raw ratio of that pair, with the load average before and after
 * (`uptime`). BENCH_DATABASE_URL adds a PostgreSQL pipeline to each run. BENCH_RENDITIONS=1 also
 * measures processImage alone, one and two at a time, with CPU time and peak RSS.
 * Results go to bench/results/thumbnails-<engine>.json.
 */
import { execFile, execFileSync } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { inArray, max, sql } from 'drizzle-orm';
import { RENDITION_SIZES, type UploadResponse } from '#domain/images';
import { selectRows } from '../server/db/rows.ts';
import { images } from '../server/db/schema.ts';
import { imageProcessor } from '../server/modules/images/image-processor.ts';
import { processImage, WEBP_EFFORT, WEBP_QUALITY } from '../server/modules/images/renditions.ts';
import { createTestApp } from '../server/test/test-app.ts';
import { signIn } from '../server/test/sessions.ts';
import { insertBuilding } from '../server/test/targets.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 16);
const BATCH = Number(process.env.BENCH_BATCH ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// 100 ms: the polled end is then at most one interval after the server's (with 250 ms that
// granularity alone was ≈ 6% of an 8-image batch on an idle machine); one status request at a time
// costs the server ≈ 2.5 ms of CPU, counted in the pipeline's CPU.
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 100);
const CONCURRENCY = 2;
const MB = 1024 * 1024;

type Engine = 'pglite' | 'postgres';

const loadAverage = () => os.loadavg().map((l) => Number(l.toFixed(2)));
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

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

/** CPU milliseconds of this process's threads so far, summed by thread name (Linux /proc). */
async function threadCpu(): Promise<Map<string, number>> {
  const byName = new Map<string, number>();
  const tick = 1000 / 100; // USER_HZ
  for (const tid of await fs.readdir('/proc/self/task').catch(() => [])) {
    const stat = await fs.readFile(`/proc/self/task/${tid}/stat`, 'utf8').catch(() => '');
    const m = /^\d+ \((.*)\) (.*)$/.exec(stat.trim());
    if (!m) continue;
    const fields = m[2]!.split(' ');
    // utime and stime are fields 14 and 15 of stat; fields[0] here is field 3.
    const ms = (Number(fields[11]) + Number(fields[12])) * tick;
    const name = m[1] === 'node' || m[1]!.startsWith('MainThread') ? 'main' : m[1]!.replace(/[\d-]+$/, '');
    byName.set(name, (byName.get(name) ?? 0) + ms);
  }
  return byName;
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** CPU milliseconds so far of the given processes (the image processes), from /proc/<pid>/stat. */
async function processesCpu(pids: number[]): Promise<Map<number, number>> {
  const byPid = new Map<number, number>();
  for (const pid of pids) {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const m = /^\d+ \(.*\) (.*)$/.exec(stat.trim());
    if (!m) continue;
    const fields = m[1]!.split(' ');
    byPid.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
  }
  return byPid;
}

function perImageOfProcesses(before: Map<number, number>, after: Map<number, number>, count: number): number {
  let ms = 0;
  for (const [pid, total] of after) ms += total - (before.get(pid) ?? 0);
  return Math.round(ms / count);
}

function perImageByThread(before: Map<string, number>, after: Map<string, number>, count: number) {
  const out: Record<string, number> = {};
  for (const [name, ms] of after) {
    const perImage = Math.round((ms - (before.get(name) ?? 0)) / count);
    if (perImage > 0) out[name] = perImage;
  }
  return out;
}

/**
 * A 4000×3000 JPEG with photo-like texture (noise blown up, so it is neither flat nor pure noise),
 * EXIF orientation 6 and a capture date. Each call gives different pixels.
 */
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

/** Both sharp and the server get this once before timing: the first use loads and sets up libvips. */
async function warmUp() {
  const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer();
  await processImage(small);
}

/** Runs `work` on each item, `concurrency` at a time. */
async function eachConcurrently<T>(items: T[], concurrency: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * What the machine can do: read each file and make the job's two renditions with sharp, nothing
 * else (no validation, no EXIF, no database), two files at a time.
 */
async function raw(files: string[]) {
  await warmUp();
  const cpu = process.cpuUsage();
  const threadsBefore = await threadCpu();
  const start = performance.now();
  await eachConcurrently(files, CONCURRENCY, async (file) => {
    const data = await fs.readFile(file);
    for (const size of RENDITION_SIZES) {
      await sharp(data)
        .autoOrient()
        .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
        .toBuffer();
    }
  });
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const threadsAfter = await threadCpu();
  return {
    images: files.length,
    ms: Math.round(ms),
    imagesPerSecond: Number((files.length / (ms / 1000)).toFixed(2)),
    cpuMsPerImage: Math.round((used.user + used.system) / 1000 / files.length),
    cpuMsPerImageByThread: perImageByThread(threadsBefore, threadsAfter, files.length),
  };
}

/** processImage alone, from a buffer, ROUNDS times, `concurrency` at a time (BENCH_RENDITIONS=1). */
async function renditionsPerSecond(jpeg: Buffer, concurrency: number) {
  await processImage(jpeg); // warm-up
  const {
    result: seconds,
    peakMb,
    baseMb,
    cpuMs,
  } = await peakRss(async () => {
    const start = performance.now();
    await eachConcurrently(
      Array.from({ length: ROUNDS }, () => jpeg),
      concurrency,
      (j) => processImage(j),
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
    loadAverage: loadAverage()[0],
    baseRssMb: baseMb,
    peakRssMb: peakMb,
  };
}

interface ClientTiming {
  startWall: number;
  putMs: number;
  confirmAndQueueMs: number;
  putToAllSuccessMs: number;
  /** The client's own CPU from the first PUT to the last SUCCESS (the PUTs, the polling). */
  cpuMs: number;
  ids: number[];
}

/**
 * The uploader (a separate process, as a browser is): upload URLs, the PUTs all at once, confirm,
 * process, then every unfinished task's status every POLL_MS (the web client asks every 2 s).
 */
async function client(
  base: string,
  cookie: string,
  buildingId: number,
  files: string[],
): Promise<ClientTiming> {
  const post = async <T>(url: string, payload: object): Promise<T> => {
    const res = await fetch(new URL(url, base), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  // Each file as a Blob backed by the file, as a browser's File is: fetch streams it from the disk.
  // A Uint8Array body made Node's fetch copy all of it first (undici's extractBody), ≈ 30 ms of
  // the client's CPU an image inside the timed upload, which a browser does not spend.
  const bodies = await Promise.all(files.map((f) => openAsBlob(f)));
  const session = await post<UploadResponse>('/api/images/upload', {
    buildingId,
    metadata: bodies.map((b) => ({ type: 'exterior', fileExt: '.jpg', fileSize: b.size })),
  });
  const ids = session.images.map((i) => i.id);
  const startWall = Date.now();
  const start = performance.now();
  const cpuAtStart = process.cpuUsage();
  await Promise.all(
    session.uploadUrls.map(async (u, i) => {
      const res = await fetch(new URL(u.url, base), {
        method: 'PUT',
        body: bodies[i]!,
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
  // Tasks run in queue order (each one's priority is minus its place in the user's queue): wait on each
  // in turn, one status request every POLL_MS, so polling itself hardly loads the server. (The web
  // client asks for every task every 2 s: 8 tasks make 4 requests a second too.)
  const finished: number[] = [];
  for (const { task_id } of results) {
    for (;;) {
      const res = await fetch(`${base}/api/images/processing-status/${task_id}`);
      const { status } = (await res.json()) as { status: string };
      if (status === 'FAILURE') throw new Error(`task ${task_id} failed`);
      if (status === 'SUCCESS') break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    finished.push(performance.now());
  }
  return {
    startWall,
    putMs: Math.round(uploaded - start),
    confirmAndQueueMs: Math.round(queued - uploaded),
    putToAllSuccessMs: Math.round(Math.max(...finished) - start),
    cpuMs: Math.round(cpuMsSince(cpuAtStart)),
    ids,
  };
}

/** Runs the client part in a process of its own, without blocking this one's event loop (the server's). */
function clientProcess(base: string, cookie: string, buildingId: number, dir: string): Promise<ClientTiming> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), 'client', String(buildingId), dir],
      { encoding: 'utf8', env: { ...process.env, BENCH_BASE: base, BENCH_COOKIE: cookie } },
      (err, stdout) => {
        if (err) reject(new Error(`bench client failed: ${err.message}`, { cause: err }));
        else resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as ClientTiming);
      },
    );
  });
}

/** The server (API and workers in one process, as by default) while a client process uploads. */
async function pipeline(engine: Engine, dir: string) {
  if (engine === 'postgres') {
    process.env.TEST_DB_ENGINE = 'postgres';
    process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  } else {
    delete process.env.TEST_DB_ENGINE;
  }
  const t = await createTestApp({
    SEED: 'false',
    LOG_LEVEL: 'silent',
    WORKER_CONCURRENCY: String(CONCURRENCY),
  });
  try {
    await warmUp();
    // The server decodes in image processes (one per running job): started and warm before timing.
    const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    await Promise.all(Array.from({ length: CONCURRENCY }, () => imageProcessor().process(small)));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const { cookie } = await signIn(t.app, 'bench');
    const buildingId = await insertBuilding(t.app.db, 'Bench House');
    const {
      result: timing,
      peakMb,
      baseMb,
      cpuMs,
    } = await peakRss(async () => {
      // The server's CPU time every 50 ms, to tell the upload phase's share from processing's.
      const samples: [number, number][] = [];
      const sample = () => {
        const u = process.cpuUsage();
        samples.push([Date.now(), (u.user + u.system) / 1000]);
      };
      sample();
      const sampler = setInterval(sample, 50);
      const threadsBefore = await threadCpu();
      const childrenBefore = await processesCpu(imageProcessor().pids());
      try {
        const timing = await clientProcess(base, cookie, buildingId, dir);
        sample();
        const threadsAfter = await threadCpu();
        // Children started during the run count from zero; all are still alive (idle ones for 30 s).
        const childrenAfter = await processesCpu(imageProcessor().pids());
        const queuedAt = timing.startWall + timing.putMs + timing.confirmAndQueueMs;
        const at = (wall: number) => samples.find(([w]) => w >= wall) ?? samples.at(-1)!;
        return {
          ...timing,
          uploadCpuMs: at(queuedAt)[1] - at(timing.startWall)[1],
          threadsBefore,
          threadsAfter,
          childrenBefore,
          childrenAfter,
        };
      } finally {
        clearInterval(sampler);
      }
    });
    // When the last image turned ready, on the server's clock (its transaction's now()).
    const [last] = await t.app.db
      .select({ at: max(images.updated_at) })
      .from(images)
      .where(inArray(images.id, timing.ids));
    const putToLastReadyMs = new Date(last!.at!).getTime() - timing.startWall;
    const count = timing.ids.length;
    // How busy the workers were between the first job's start and the last one's end: the sum of
    // job durations over (workers × that span). What is missing is queue latency (a worker waiting
    // for its next job), not load: a loaded machine makes jobs longer, not gaps.
    const jobs = await selectRows<{ s: string | number; c: string | number }>(
      t.app.db,
      sql`SELECT extract(epoch FROM started_on) * 1000 AS s, extract(epoch FROM completed_on) * 1000 AS c
          FROM pgboss.job WHERE name = 'thumbnail'`,
    );
    const spans = jobs.map((j) => [Number(j.s), Number(j.c)] as const);
    const firstStart = Math.min(...spans.map(([s]) => s));
    const lastEnd = Math.max(...spans.map(([, c]) => c));
    const jobMs = spans.reduce((sum, [s, c]) => sum + (c - s), 0);
    const workersBusyShare = Number((jobMs / (CONCURRENCY * (lastEnd - firstStart))).toFixed(2));
    return {
      engine,
      images: count,
      putMs: timing.putMs,
      confirmAndQueueMs: timing.confirmAndQueueMs,
      putToLastReadyMs,
      putToAllSuccessMs: timing.putToAllSuccessMs,
      queuedToFirstJobMs: Math.round(firstStart - timing.startWall - timing.putMs - timing.confirmAndQueueMs),
      jobMsAverage: Math.round(jobMs / spans.length),
      workersBusyShare,
      imagesPerSecond: Number((count / (timing.putToAllSuccessMs / 1000)).toFixed(2)),
      imagesPerSecondServer: Number((count / (putToLastReadyMs / 1000)).toFixed(2)),
      // The server's CPU time (HTTP, database on PGlite, queue, sharp) per image, the client's apart.
      serverCpuMsPerImage: Math.round(cpuMs / count),
      // Of which receiving the uploads, confirming and queueing (first PUT → process-uploaded answered).
      serverUploadCpuMsPerImage: Math.round(timing.uploadCpuMs / count),
      // Per thread kind: the main thread (HTTP, PGlite, pg-boss, job code) and the others (libuv's
      // pool, where sharp's pipelines and file I/O run; libvips's own).
      serverCpuMsPerImageByThread: perImageByThread(timing.threadsBefore, timing.threadsAfter, count),
      // The image processes' CPU (decoding and encoding happen there, not in the server's threads).
      imageProcessesCpuMsPerImage: perImageOfProcesses(timing.childrenBefore, timing.childrenAfter, count),
      // The client's, from the first PUT to the last SUCCESS: it shares the machine with the server.
      clientCpuMsPerImage: Math.round(timing.cpuMs / count),
      serverBaseRssMb: baseMb,
      serverPeakRssMb: peakMb,
      workerConcurrency: t.config.workerConcurrency,
    };
  } finally {
    await t.close();
  }
}

/** Runs one part in a fresh process and returns the JSON it prints last. */
function inChild(part: string, arg: string, dir: string): unknown {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), part, arg, dir],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as unknown;
}

async function part(name: string, arg: string, dir: string) {
  const files = (await fs.readdir(dir)).sort().map((f) => path.join(dir, f));
  if (name === 'raw') return raw(files);
  if (name === 'pipeline') return pipeline(arg as Engine, dir);
  if (name === 'client')
    return client(process.env.BENCH_BASE!, process.env.BENCH_COOKIE!, Number(arg), files);
  if (name === 'renditions') return renditionsPerSecond(await fs.readFile(files[0]!), Number(arg));
  throw new Error(`unknown part ${name}`);
}

async function main() {
  const [name, arg, dir] = process.argv.slice(2);
  if (name && arg && dir) {
    console.log(JSON.stringify(await part(name, arg, dir)));
    process.exit(0);
  }
  // Made here once, so the parts measure neither making them nor each other's files.
  const source = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-bench-thumbs-'));
  let bytes = 0;
  for (let i = 0; i < BATCH; i++) {
    const jpeg = await twelveMegapixelJpeg();
    bytes += jpeg.length;
    await fs.writeFile(path.join(source, `${String(i).padStart(3, '0')}.jpg`), jpeg);
  }
  const first = await fs.readFile(path.join(source, '000.jpg'));
  const meta = await sharp(first).metadata();
  console.log(
    `source: ${BATCH} × ${meta.width}×${meta.height} JPEG, ${(bytes / BATCH / MB).toFixed(2)} MB each, orientation ${meta.orientation}`,
  );
  console.log(
    `node ${process.version}, sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, sharp.concurrency() = ${sharp.concurrency()}, ${os.cpus().length} CPUs`,
  );

  const engines: Engine[] = process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const runs: Record<Engine, unknown[]> = { pglite: [], postgres: [] };
  const ratios: Record<Engine, number[]> = { pglite: [], postgres: [] };
  for (let run = 1; run <= RUNS; run++) {
    for (const engine of engines) {
      const before = uptime();
      const rawResult = inChild('raw', '2', source) as Awaited<ReturnType<typeof raw>>;
      const piped = inChild('pipeline', engine, source) as Awaited<ReturnType<typeof pipeline>>;
      const after = uptime();
      const ratio = Number((piped.imagesPerSecond / rawResult.imagesPerSecond).toFixed(2));
      const ratioServer = Number((piped.imagesPerSecondServer / rawResult.imagesPerSecond).toFixed(2));
      ratios[engine].push(ratio);
      console.log(`\nrun ${run}, ${engine}\n  before: ${before}`);
      console.log(
        `  raw sharp, ${CONCURRENCY} at a time: ${rawResult.ms} ms, ${rawResult.imagesPerSecond} img/s (${rawResult.cpuMsPerImage} CPU ms/image)`,
      );
      console.log(
        `  pipeline: PUTs ${piped.putMs} ms, confirm + queue ${piped.confirmAndQueueMs} ms, ` +
          `first PUT → last ready (server) ${piped.putToLastReadyMs} ms, → last SUCCESS polled ${piped.putToAllSuccessMs} ms: ` +
          `${piped.imagesPerSecond} img/s (${piped.serverCpuMsPerImage} server CPU ms/image + ${piped.imageProcessesCpuMsPerImage} in image processes + ${piped.clientCpuMsPerImage} client, peak RSS ${piped.serverPeakRssMb} MB); ` +
          `job ${piped.jobMsAverage} ms on average, workers busy ${Math.round(piped.workersBusyShare * 100)}% from first job start to last job end`,
      );
      console.log(`  after:  ${after}`);
      console.log(
        `  pipeline ÷ raw = ${ratio} (to last SUCCESS polled every ${POLL_MS} ms), ${ratioServer} (to last ready on the server)`,
      );
      runs[engine].push({
        run,
        uptimeBefore: before,
        uptimeAfter: after,
        raw: rawResult,
        pipeline: piped,
        ratio,
        ratioServer,
      });
    }
  }

  let renditions: unknown[] | undefined;
  if (process.env.BENCH_RENDITIONS === '1') {
    renditions = [inChild('renditions', '1', source), inChild('renditions', '2', source)];
    console.log('\nprocessImage alone, one then two at a time', renditions);
  }

  await fs.mkdir(path.join(here, 'results'), { recursive: true });
  for (const engine of engines) {
    const sorted = [...ratios[engine]].sort((a, b) => a - b);
    console.log(
      `\n${engine}: pipeline ÷ raw per run ${ratios[engine].join(', ')} (median ${sorted[Math.floor(sorted.length / 2)]})`,
    );
    const file = path.join(here, 'results', `thumbnails-${engine}.json`);
    const result = {
      date: new Date().toISOString(),
      node: process.version,
      sharp: sharp.versions.sharp,
      vips: sharp.versions.vips,
      source: { images: BATCH, width: meta.width, height: meta.height, bytesEach: Math.round(bytes / BATCH) },
      pollMs: POLL_MS,
      runs: runs[engine],
      ...(renditions ? { renditions } : {}),
    };
    await fs.writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
  await fs.rm(source, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

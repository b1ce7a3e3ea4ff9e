/**
 * `node --import tsx bench/image-bomb.ts`: what a tiny GIF declaring a 7000×7000 canvas costs the
 * server. Runs the real app (embedded PGlite, local storage, the job queue in the same process),
 * uploads the GIF BENCH_UPLOADS times (default 2) through the API, and prints the server's resident
 * memory at the start, its peak while the jobs ran, just after, and BENCH_AFTER_S seconds later
 * (default 60), with the peak of the image processes (docs/decisions/2026-11-27-image-decoding-bounds.md).
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createTestApp } from '../server/test/test-app.ts';
import { signIn } from '../server/test/sessions.ts';
import { insertBuilding, userId } from '../server/test/targets.ts';
import { gifClaiming, uploadAndProcess } from '../server/test/images.ts';
import { imageProcessor } from '../server/modules/images/image-processor.ts';

const uploads = Number(process.env.BENCH_UPLOADS ?? 2);
const afterSeconds = Number(process.env.BENCH_AFTER_S ?? 60);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Resident memory of another process (VmRSS), 0 when it is gone. */
function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

const t = await createTestApp({ SEED: 'false', LOG_LEVEL: 'silent' });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const ada = await signIn(t.app, 'ada');
const buildingId = await insertBuilding(t.app.db, 'Bomb House', await userId(t.app.db, 'ada'));
const gif = gifClaiming(7000, 7000);

const start = process.memoryUsage.rss();
let peak = start;
let childPeak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
  for (const pid of imageProcessor().pids()) childPeak = Math.max(childPeak, rssOf(pid));
}, 50);
const began = Date.now();
const statuses: string[] = [];
for (let i = 0; i < uploads; i++) {
  const done = await uploadAndProcess(t.app, base, ada, buildingId, [{ data: gif, fileExt: '.gif' }], {
    timeoutMs: 300_000,
  });
  statuses.push(...done.statuses);
}
const jobsMs = Date.now() - began;
const justAfter = process.memoryUsage.rss();
await new Promise((resolve) => setTimeout(resolve, afterSeconds * 1000));
clearInterval(sampler);
const later = process.memoryUsage.rss();
console.log(
  JSON.stringify({
    gifBytes: gif.length,
    uploads,
    statuses,
    jobsMs,
    serverRssMb: {
      start: mb(start),
      peak: mb(peak),
      justAfter: mb(justAfter),
      [`after${afterSeconds}s`]: mb(later),
    },
    imageProcessPeakRssMb: mb(childPeak),
    imageProcessesLeft: imageProcessor().size,
  }),
);
await t.close();

/**
 * `node --import tsx bench/locator.ts` (npm run bench:locator): what a locator picture costs
 * (GET /api/locator.svg). In one process, on the service the route uses:
 * - first use: loading and indexing the world's country shapes (once per process);
 * - uncached frame: a point in a country part no picture has framed yet (caches cleared before
 *   each): the country lookup, projecting and simplifying the outlines, the SVG, br + gzip;
 * - cached frame: a new point in an already framed part (only the dot, the SVG and its encoding);
 * - cached picture: the same rounded point and scheme again (an LRU hit);
 * medians over BENCH_LOCATOR_RUNS (default 5) rounds of the places below, and the SVG sizes.
 */
import { performance } from 'node:perf_hooks';
import { LocatorService } from '../server/modules/locator/locator.service.ts';
import { median } from './stats.ts';

const PLACES: [string, number, number][] = [
  ['Paris', 2.35, 48.86],
  ['Rome', 12.48, 41.89],
  ['Vatican', 12.434, 41.902],
  ['Singapore', 103.82, 1.35],
  ['Moscow', 37.62, 55.75],
  ['Chukotka', -175, 66],
  ['Austin', -97.7, 30.27],
  ['Anchorage', -149.9, 61.2],
  ['Honolulu', -157.85, 21.3],
  ['Suva', 178.44, -18.14],
  ['Tokyo', 139.69, 35.68],
  ['Cairo', 31.24, 30.04],
  ['Sydney', 151.21, -33.87],
  ['Jakarta', 106.8, -6.2],
  ['São Paulo', -46.63, -23.55],
  ['Pacific', -140, -30],
];
const RUNS = Number(process.env.BENCH_LOCATOR_RUNS ?? 5);

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

const service = new LocatorService();
const first = await time(() => service.picture(0, 51.48, 'light'));
const uncached: number[] = [];
const byPlace = new Map<string, number[]>();
const cachedFrame: number[] = [];
const cachedPicture: number[] = [];
const sizes: number[] = [];
for (let run = 0; run < RUNS; run++) {
  for (const [name, lng, lat] of PLACES) {
    service.clear();
    const ms = await time(() => service.picture(lng, lat, 'light'));
    uncached.push(ms);
    byPlace.set(name, [...(byPlace.get(name) ?? []), ms]);
    cachedFrame.push(await time(() => service.picture(lng + 0.01, lat, 'dark')));
    cachedPicture.push(await time(() => service.picture(lng, lat, 'light')));
    if (run === 0) sizes.push((await service.picture(lng, lat, 'light')).raw.length);
  }
}
const fmt = (ms: number) => `${ms.toFixed(ms < 1 ? 3 : 1)} ms`;
console.log(`first picture (loads the shapes): ${fmt(first)}`);
console.log(`uncached frame:  median ${fmt(median(uncached))}, max ${fmt(Math.max(...uncached))}`);
const slowest = [...byPlace].map(([name, xs]) => [name, median(xs)] as const).sort((a, b) => b[1] - a[1]);
console.log(
  `  slowest uncached: ${slowest
    .slice(0, 4)
    .map(([name, ms]) => `${name} ${fmt(ms)}`)
    .join(', ')}`,
);
console.log(`cached frame:    median ${fmt(median(cachedFrame))}`);
console.log(`cached picture:  median ${fmt(median(cachedPicture))}`);
console.log(`SVG bytes: median ${median(sizes)}, max ${Math.max(...sizes)} (${PLACES.length} places)`);

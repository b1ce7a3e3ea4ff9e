/**
 * `npm run bench:main-thread -- <url> [<url> …]`: a page's main thread on a mid-range phone
 * profile (Lighthouse's mobile one: a 412 × 823 touch screen at 1.75×, the CPU slowed 4× by
 * Chromium), from the navigation until BENCH_MAIN_THREAD_SECONDS (12) later, in Chromium's trace.
 * Prints every task of the page's main thread over 50 ms after the first contentful paint, with
 * when it started, how long it took and what took its time (bench/lighthouse-trace.ts), and
 * whether the map was drawn by the end. The target: no task over 200 ms after the first
 * paint. BENCH_MAIN_THREAD_CPU changes the slowdown, BENCH_MAIN_THREAD_RUNS (1) repeats.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, assertChromiumInstalled, chromiumPath } from '../e2e/chromium-path.ts';
import { longTasks, type LongestTask, type TraceEvent } from './lighthouse-trace.ts';

const SECONDS = Number(process.env.BENCH_MAIN_THREAD_SECONDS ?? 12);
const CPU_SLOWDOWN = Number(process.env.BENCH_MAIN_THREAD_CPU ?? 4);
const RUNS = Number(process.env.BENCH_MAIN_THREAD_RUNS ?? 1);
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'loading',
  'blink.user_timing',
];

async function measure(url: string): Promise<{ fcpMs: number; tasks: LongestTask[]; mapDrawn: boolean }> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForTimeout(SECONDS * 1000);
    const mapDrawn = await page.evaluate(() => document.querySelector('[data-map-idle="true"]') !== null);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    const events = trace.traceEvents;
    // The page's first contentful paint, and its frame's navigation just before it.
    const fcp = events.find((e) => e.name === 'firstContentfulPaint');
    const navigation = events
      .filter(
        (e) => e.name === 'navigationStart' && e.args?.frame === fcp?.args?.frame && e.ts <= (fcp?.ts ?? 0),
      )
      .at(-1);
    if (!navigation || !fcp) {
      const marks = events.filter((e) => /navigationStart|firstContentfulPaint/.test(e.name));
      console.error(marks.map((e) => JSON.stringify(e).slice(0, 300)).join('\n'));
      throw new Error(`no navigation or first contentful paint in the trace of ${url}`);
    }
    return {
      fcpMs: Math.round((fcp.ts - navigation.ts) / 1000),
      tasks: longTasks(events, fcp.ts, navigation.ts, 50),
      mapDrawn,
    };
  } finally {
    await browser.close();
  }
}

async function main() {
  assertChromiumInstalled();
  const urls = process.argv.slice(2);
  if (urls.length === 0) throw new Error('usage: npm run bench:main-thread -- <url> [<url> …]');
  for (const url of urls) {
    for (let i = 0; i < RUNS; i++) {
      const { fcpMs, tasks, mapDrawn } = await measure(url);
      const longest = Math.max(0, ...tasks.map((t) => t.ms));
      console.log(
        `${url} (CPU ${CPU_SLOWDOWN}× slower): first contentful paint ${fcpMs} ms; after it ` +
          `${tasks.filter((t) => t.ms > 200).length} tasks over 200 ms, longest ${longest} ms; ` +
          `map drawn within ${SECONDS} s: ${mapDrawn ? 'yes' : 'no'}`,
      );
      for (const task of tasks) console.log(`  at ${task.atMs} ms: ${task.ms} ms, ${task.name}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

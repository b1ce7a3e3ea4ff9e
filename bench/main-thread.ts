/**
 * `npm run bench:main-thread -- <url> [<url> …]`: the page's main thread on a mid-range phone
 * profile (Lighthouse's mobile one: a 412 × 823 screen at 1.75×, the CPU slowed 4×), from the
 * navigation until BENCH_MAIN_THREAD_SECONDS (12) later. Chromium's sampling profiler (0.1 ms)
 * runs the whole time; every stretch of samples without an idle one is a task, and each one over
 * 50 ms is printed with its start, its length and the functions it spent most time in (by script),
 * with the first contentful paint and when the map was first idle. The issue's target is no task
 * over 200 ms after the first paint.
 */
import { chromium, type CDPSession } from 'playwright-core';
import { CHROMIUM_ARGS, assertChromiumInstalled, chromiumPath } from '../e2e/chromium-path.ts';

const SECONDS = Number(process.env.BENCH_MAIN_THREAD_SECONDS ?? 12);
const CPU_SLOWDOWN = Number(process.env.BENCH_MAIN_THREAD_CPU ?? 4);
const LONG_MS = 50;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  parent?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface LongTask {
  startMs: number;
  durationMs: number;
  /** The functions with the most samples in the task (self time, ms), with their script. */
  top: { name: string; ms: number }[];
}

const IDLE = new Set(['(idle)']);

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const file = url.replace(/^.*\//, '').replace(/\?.*$/, '');
  return file
    ? `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`
    : functionName;
}

/** Tasks over LONG_MS in a sampled profile: runs of samples with no idle sample between them. */
export function longTasks(profile: Profile, originUs: number): LongTask[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const tasks: LongTask[] = [];
  let time = profile.startTime;
  let run: { start: number; end: number; self: Map<string, number> } | null = null;
  const close = () => {
    if (run && (run.end - run.start) / 1000 >= LONG_MS) {
      const top = [...run.self.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, us]) => ({ name, ms: Math.round(us / 1000) }));
      tasks.push({
        startMs: Math.round((run.start - originUs) / 1000),
        durationMs: Math.round((run.end - run.start) / 1000),
        top,
      });
    }
    run = null;
  };
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i + 1] ?? 0;
    const node = byId.get(id)!;
    time += profile.timeDeltas[i] ?? 0;
    if (IDLE.has(node.callFrame.functionName)) return close();
    run ??= { start: time, end: time, self: new Map() };
    run.end = time + delta;
    const name = frameName(node);
    run.self.set(name, (run.self.get(name) ?? 0) + delta);
  });
  close();
  return tasks;
}

async function measure(url: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await page.goto('about:blank');
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForTimeout(SECONDS * 1000);
    const marks = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      mapIdle: document.querySelector('[data-map-idle="true"]') !== null,
    }));
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    return { profile, marks };
  } finally {
    await browser.close();
  }
}

async function main() {
  assertChromiumInstalled();
  const urls = process.argv.slice(2);
  if (urls.length === 0) throw new Error('usage: npm run bench:main-thread -- <url> [<url> …]');
  for (const url of urls) {
    const { profile, marks } = await measure(url);
    // Times count from the profile's start, just before the navigation (the page's own clock
    // starts a few milliseconds later).
    const tasks = longTasks(profile, profile.startTime);
    const fcp = marks.fcp ?? 0;
    const over = tasks.filter((t) => t.startMs >= fcp && t.durationMs > 200);
    console.log(
      `${url}: first contentful paint ${fcp.toFixed(0)} ms, map drawn: ${marks.mapIdle ? 'yes' : 'no'}; ` +
        `tasks over 200 ms after it: ${over.length}, longest ${Math.max(0, ...tasks.filter((t) => t.startMs >= fcp).map((t) => t.durationMs))} ms`,
    );
    for (const task of tasks) {
      console.log(
        `  +${task.startMs} ms  ${task.durationMs} ms  ${task.top.map((t) => `${t.name} ${t.ms}`).join(' · ')}`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

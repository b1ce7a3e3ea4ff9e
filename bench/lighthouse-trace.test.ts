import { describe, expect, it } from 'vitest';
import { longestTask, scriptName, type TraceEvent } from './lighthouse-trace.ts';

const thread = (pid: number, tid: number): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name: 'CrRendererMain' },
});
const x = (name: string, ts: number, dur: number, url?: string, tid = 1): TraceEvent => ({
  name,
  ph: 'X',
  pid: 1,
  tid,
  ts,
  dur,
  ...(url ? { args: { data: { url } } } : {}),
});

describe('the longest task of a Lighthouse trace', () => {
  it('drops the build hash from a script name', () => {
    expect(scriptName('http://127.0.0.1:3000/assets/vendor-pbTO0aBw.js')).toBe('vendor.js');
    expect(scriptName('http://127.0.0.1:3000/assets/maplibre-C3-oc9as.js?x=1')).toBe('maplibre.js');
    expect(scriptName('http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000/');
  });

  it('names the longest task after the first paint by the steps that took its time', () => {
    const events: TraceEvent[] = [
      thread(1, 1),
      // Before the first paint (at 1000 µs): longer, but not counted.
      x('RunTask', 0, 900_000),
      x('RunTask', 2_000_000, 100_000),
      x('TimerFire', 2_000_000, 100_000),
      x('FunctionCall', 2_000_000, 100_000, 'http://h/assets/vendor-pbTO0aBw.js'),
      // The longest: a frame of the map (80 ms of its script) and the compositor's commit (220 ms).
      x('RunTask', 3_000_000, 300_000),
      x('FireAnimationFrame', 3_000_000, 80_000),
      x('FunctionCall', 3_000_000, 80_000, 'http://h/assets/maplibre-C3-oc9as.js'),
      x('MinorGC', 3_010_000, 10_000),
      x('Commit', 3_080_000, 220_000),
      // Another thread's task is not the page's.
      x('RunTask', 4_000_000, 900_000, undefined, 2),
    ];
    expect(longestTask(events, 1000, 0)).toEqual({
      ms: 300,
      atMs: 3000,
      name: 'Commit 220 ms; FireAnimationFrame › FunctionCall maplibre.js 70 ms; GC 10 ms',
    });
  });

  it('is null without a task after the first paint', () => {
    expect(longestTask([thread(1, 1), x('RunTask', 0, 10_000)], 50_000, 0)).toBeNull();
  });
});

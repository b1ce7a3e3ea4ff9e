/**
 * What the longest main-thread task of a Lighthouse run was, read from its trace (`--save-assets`):
 * Lighthouse's `long-tasks` audit gives a task's length and script, not what it did (evaluating a
 * module, a timer, an animation frame, the compositor's commit).
 */

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; frame?: string; data?: { url?: string; functionName?: string; type?: string } };
}

export interface LongestTask {
  /** As observed in the trace (not Lighthouse's simulation), ms. */
  ms: number;
  /** From the navigation, ms. */
  atMs: number;
  /** Its largest parts, e.g. 'TimerFire › vendor.js 380 ms; GC 20 ms'. */
  name: string;
}

/** Events whose time belongs to a script or to a step of the renderer worth naming. */
const NAMED = new Set([
  'v8.evaluateModule',
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'HandlePostMessage',
  'RunMicrotasks',
  'Commit',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'ParseHTML',
  'MinorGC',
  'MajorGC',
  'V8.GC_MARK_COMPACTOR',
]);

/** `https://host/assets/vendor-pbTO0aBw.js` → `vendor.js` (the build's hash changes every build). */
export function scriptName(url: string): string {
  const file = url.replace(/[?#].*$/, '').replace(/^.*\//, '');
  return file.replace(/-[A-Za-z0-9_-]{8}(\.m?js)$/, '$1') || url;
}

/** The renderer's main thread of the page: the CrRendererMain thread with the most task time. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best: { pid: number; tid: number } | null = null;
  let bestTime = -1;
  for (const thread of threads) {
    let time = 0;
    for (const e of events)
      if (e.pid === thread.pid && e.tid === thread.tid && e.name === 'RunTask') time += e.dur ?? 0;
    if (time > bestTime) {
      bestTime = time;
      best = { pid: thread.pid, tid: thread.tid };
    }
  }
  return best;
}

/**
 * The top-level tasks of the page's main thread starting at or after `fromTs` (trace clock, µs;
 * the first contentful paint) and lasting at least `minMs`, each named by the named events inside
 * it that took the most time (each event's time less that of named events inside it).
 */
export function longTasks(
  events: TraceEvent[],
  fromTs: number,
  navigationTs: number,
  minMs: number,
): LongestTask[] {
  const thread = mainThread(events);
  if (!thread) return [];
  const own = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  return own
    .filter((e) => e.name === 'RunTask' && e.ts >= fromTs && (e.dur ?? 0) >= minMs * 1000)
    .map((task) => ({
      ms: Math.round((task.dur ?? 0) / 1000),
      atMs: Math.round((task.ts - navigationTs) / 1000),
      name: nameTask(task, own),
    }));
}

/** The longest of `longTasks` (any length); null when there is none. */
export function longestTask(events: TraceEvent[], fromTs: number, navigationTs: number): LongestTask | null {
  return longTasks(events, fromTs, navigationTs, 0).reduce<LongestTask | null>(
    (max, task) => (max === null || task.ms > max.ms ? task : max),
    null,
  );
}

function nameTask(task: TraceEvent, own: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const inside = own.filter(
    (e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && NAMED.has(e.name),
  );
  // Self time per label: an event's time less that of the named events directly inside it. A
  // label is the step that started the work (a timer, a frame, a message) and the event, with the
  // script of the event or of the nearest step around it that names one.
  const totals = new Map<string, number>();
  const stack: { event: TraceEvent; script: string | undefined; self: number; label: string }[] = [];
  const pop = () => {
    const top = stack.pop()!;
    totals.set(top.label, (totals.get(top.label) ?? 0) + top.self);
  };
  for (const event of inside) {
    while (stack.length && stack.at(-1)!.event.ts + (stack.at(-1)!.event.dur ?? 0) <= event.ts) pop();
    const parent = stack.at(-1);
    if (parent) parent.self -= event.dur ?? 0;
    const url = event.args?.data?.url;
    const script = url ? scriptName(url) : parent?.script;
    const gc = /GC/.test(event.name);
    const root = stack[0]?.event.name;
    const what = `${event.name}${script && !gc ? ` ${script}` : ''}`;
    const label = gc ? 'GC' : root && root !== event.name ? `${root} › ${what}` : what;
    stack.push({ event, script, self: event.dur ?? 0, label });
  }
  while (stack.length) pop();
  const parts = [...totals.entries()]
    .filter(([, us]) => us >= 1000)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, us]) => `${name} ${Math.round(us / 1000)} ms`);
  return parts.join('; ') || 'renderer work outside scripts';
}

/**
 * The mixed request workload of the load benchmarks (bench/load.ts on PostgreSQL, bench/embedded.ts
 * on the embedded PGlite): what to send, sending it open-loop, and summing the answers up.
 */
import http from 'node:http';
import os from 'node:os';
import { rng } from './generate.ts';

const env = process.env;
/** Votes go to this many buildings, so concurrent votes on one building are common. */
const HOT_BUILDINGS = Number(env.BENCH_LOAD_HOT ?? 200);
const REQUEST_TIMEOUT_MS = 10_000;

/** The size of a load run, from the environment with each benchmark's own defaults. */
export interface LoadSettings {
  /** BENCH_BUILDINGS: generated buildings in the database. */
  buildings: number;
  /** BENCH_LOAD_RATE: requests per second, open loop. */
  rate: number;
  /** BENCH_LOAD_SECONDS: how long the load lasts. */
  seconds: number;
  /** BENCH_LOAD_USERS: signed-in users sharing the writes. */
  users: number;
}

export function loadSettings(defaults: LoadSettings): LoadSettings {
  const read = (name: string, fallback: number) => Number(env[name] ?? fallback);
  return {
    buildings: read('BENCH_BUILDINGS', defaults.buildings),
    rate: read('BENCH_LOAD_RATE', defaults.rate),
    seconds: read('BENCH_LOAD_SECONDS', defaults.seconds),
    users: read('BENCH_LOAD_USERS', defaults.users),
  };
}

export type Category = 'browse' | 'open' | 'write';
export type Kind = 'geojson' | 'cards' | 'building' | 'comments' | 'vote' | 'comment';
export const CATEGORY_OF: Record<Kind, Category> = {
  geojson: 'browse',
  cards: 'browse',
  building: 'open',
  comments: 'open',
  vote: 'write',
  comment: 'write',
};

/** The cities bench/generate.ts puts 80% of the buildings around (a subset is enough here). */
export const CENTERS: readonly [number, number][] = [
  [2.35, 48.86],
  [-0.13, 51.51],
  [13.4, 52.52],
  [-74.0, 40.71],
  [139.69, 35.69],
  [77.21, 28.61],
  [-43.2, -22.91],
  [151.21, -33.87],
  [28.98, 41.01],
  [-99.13, 19.43],
];

// mulberry32 (bench/generate.ts): the same request sequence every run.
const random = rng(9);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

function viewportQuery(): URLSearchParams {
  const q = new URLSearchParams();
  const size = random();
  if (size < 0.1) {
    // The world (the start view of a zoomed-out map).
  } else {
    const [lng, lat] = pick(CENTERS);
    // City 0.06° × 0.04°, district ≈ 0.5°, country ≈ 6°, moved around the center.
    const [w, h] = size < 0.5 ? [0.06, 0.04] : size < 0.8 ? [0.5, 0.35] : [6, 5];
    const cx = lng + (random() - 0.5) * 0.6;
    const cy = lat + (random() - 0.5) * 0.6;
    q.set('west', (cx - w / 2).toFixed(4));
    q.set('east', (cx + w / 2).toFixed(4));
    q.set('south', Math.max(-90, cy - h / 2).toFixed(4));
    q.set('north', Math.min(90, cy + h / 2).toFixed(4));
  }
  if (random() < 0.2) q.set('builtAfterDate', String(between(1000, 2000)));
  return q;
}

export interface Session {
  cookie: string;
}

export interface Planned {
  kind: Kind;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  session?: Session;
}

export function plan(ids: { min: number; max: number }, sessions: Session[]): Planned {
  const r = random();
  const anyBuilding = () => between(ids.min, ids.max);
  if (r < 0.6) return { kind: 'geojson', method: 'GET', path: `/api/buildings/geojson?${viewportQuery()}` };
  if (r < 0.7) {
    const q = viewportQuery();
    q.set('page', String(between(1, 5)));
    return { kind: 'cards', method: 'GET', path: `/api/buildings/?${q}` };
  }
  if (r < 0.85) return { kind: 'building', method: 'GET', path: `/api/buildings/${anyBuilding()}` };
  if (r < 0.9) return { kind: 'comments', method: 'GET', path: `/api/comments/building/${anyBuilding()}` };
  const session = pick(sessions);
  if (r < 0.97) {
    const id = ids.min + Math.floor(random() * Math.min(HOT_BUILDINGS, ids.max - ids.min + 1));
    return {
      kind: 'vote',
      method: 'POST',
      path: '/api/votes/building',
      body: { votable_type: 'building', votable_id: id, vote: pick([1, 0, -1]) },
      session,
    };
  }
  return {
    kind: 'comment',
    method: 'POST',
    path: `/api/comments/building/${anyBuilding()}`,
    body: { content: `Load test comment ${Math.floor(random() * 1e9)}` },
    session,
  };
}

export interface Outcome {
  kind: Kind;
  ms: number;
  status: number;
}

/**
 * Keep-alive connections per API process, as a load balancer keeps them: requests beyond these
 * wait in the client (their latency still counts from their scheduled time).
 */
export const CONNECTIONS = Number(env.BENCH_LOAD_CONNECTIONS ?? 32);
export const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

export function send(baseURL: string, p: Planned, scheduledAt: number): Promise<Outcome> {
  const headers: Record<string, string> = {};
  if (p.session) headers.cookie = p.session.cookie;
  const body = p.body === undefined ? undefined : JSON.stringify(p.body);
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve) => {
    const done = (status: number) => resolve({ kind: p.kind, ms: performance.now() - scheduledAt, status });
    const req = http.request(baseURL + p.path, { method: p.method, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
      res.on('error', () => done(0));
    });
    // Network error or no answer within REQUEST_TIMEOUT_MS of its scheduled time: status 0.
    const timer = setTimeout(
      () => req.destroy(new Error('timeout')),
      Math.max(1, REQUEST_TIMEOUT_MS - (performance.now() - scheduledAt)),
    );
    req.on('close', () => clearTimeout(timer));
    req.on('error', () => done(0));
    req.end(body);
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)]! * 10) / 10;
}

export interface Summary {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export function summarise(outcomes: Outcome[]): Summary {
  const sorted = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const o of outcomes) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
  return {
    requests: outcomes.length,
    errors: outcomes.filter((o) => o.status === 0 || o.status >= 400).length,
    statuses,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
  };
}

export async function signIn(baseURL: string, handle: string): Promise<Session> {
  const res = await fetch(`${baseURL}/api/auth/dev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handle }),
  });
  if (res.status !== 200) throw new Error(`dev sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!)[0];
  if (!cookie) throw new Error('dev sign-in set no cookie');
  return { cookie };
}

/** Buildings whose counters differ from a recount of the votes table. */
export const RECOUNT_SQL = `
  SELECT b.id, b.upvotes, b.meh_votes, b.downvotes,
         coalesce(v.up, 0) AS up, coalesce(v.meh, 0) AS meh, coalesce(v.down, 0) AS down
  FROM buildings b
  LEFT JOIN (
    SELECT votable_id,
           count(*) FILTER (WHERE vote = 1)::int AS up,
           count(*) FILTER (WHERE vote = 0)::int AS meh,
           count(*) FILTER (WHERE vote = -1)::int AS down
    FROM votes WHERE votable_type = 'building' GROUP BY votable_id
  ) v ON v.votable_id = b.id
  WHERE b.upvotes <> coalesce(v.up, 0) OR b.meh_votes <> coalesce(v.meh, 0)
     OR b.downvotes <> coalesce(v.down, 0)`;

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * Open loop: a request is sent on schedule whether or not earlier ones have answered, and its
 * latency counts from its scheduled time, so a stalled server shows up as latency, not as a lower
 * rate. Requests go to the servers in turn.
 */
export async function runOpenLoop(
  baseURLs: string[],
  { rate, seconds }: { rate: number; seconds: number },
  next: (i: number) => Planned,
): Promise<{ results: Outcome[]; maxInFlight: number; sentSeconds: number; elapsed: number }> {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const outcomes: Promise<Outcome>[] = [];
  let maxInFlight = 0;
  let inFlight = 0;
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const scheduledAt = start + i * interval;
    const wait = scheduledAt - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const p = next(i);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    outcomes.push(
      send(baseURLs[i % baseURLs.length]!, p, scheduledAt).finally(() => {
        inFlight--;
      }),
    );
  }
  const sentSeconds = (performance.now() - start) / 1000;
  const results = await Promise.all(outcomes);
  const elapsed = (performance.now() - start) / 1000;
  return { results, maxInFlight, sentSeconds, elapsed };
}

/** Answers summed up per category, per request kind and over all. */
export function summariseAll(results: Outcome[]) {
  const categories = Object.fromEntries(
    (['browse', 'open', 'write'] as const).map((c) => [
      c,
      summarise(results.filter((o) => CATEGORY_OF[o.kind] === c)),
    ]),
  ) as Record<Category, Summary>;
  const kinds = Object.fromEntries(
    (Object.keys(CATEGORY_OF) as Kind[]).map((k) => [k, summarise(results.filter((o) => o.kind === k))]),
  ) as Record<Kind, Summary>;
  return { categories, kinds, overall: summarise(results) };
}

/**
 * The mixed load of a run: signs in `settings.users` users (round robin over the servers: sessions
 * live in the database, so each works on all), sends the workload open-loop at `settings.rate` for
 * `settings.seconds`, and sums the answers up.
 */
export async function runMixedLoad(
  baseURLs: string[],
  ids: { min: number; max: number },
  settings: LoadSettings,
  handlePrefix: string,
) {
  const sessions: Session[] = [];
  for (let i = 0; i < settings.users; i++) {
    sessions.push(await signIn(baseURLs[i % baseURLs.length]!, `${handlePrefix}_${i}`));
  }
  const run = await runOpenLoop(baseURLs, settings, () => plan(ids, sessions));
  return { ...run, summary: summariseAll(run.results) };
}

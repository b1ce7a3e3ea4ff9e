/** Server configuration from the environment, validated once at start. */
import path from 'node:path';
import { z } from 'zod';
import { SESSION_COOKIE } from '#domain/auth';
import { GEOJSON_MAX_FEATURES_DEFAULT } from '#domain/constants';
import { REPORTS_PER_MINUTE_DEFAULT } from '#domain/moderation';
import { PGLITE_SHARED_BUFFERS_MB_DEFAULT } from './db/pglite-settings.ts';
import { originsOf } from './http/origins.ts';
import { storageConfig, storageEnv, type StorageConfig } from './storage/storage-config.ts';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
);

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('127.0.0.1')),
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  METRICS_HOST: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  GEOJSON_MAX_FEATURES: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(50000).default(GEOJSON_MAX_FEATURES_DEFAULT),
  ),
  GEOJSON_CACHE_MB: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(4096).default(64)),
  PGLITE_SHARED_BUFFERS_MB: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(4096).default(PGLITE_SHARED_BUFFERS_MB_DEFAULT),
  ),
  SEED: booleanFlag,
  WORKER: booleanFlag,
  WORKER_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).default(2)),
  GOOGLE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  GOOGLE_JWKS_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
      .default('https://www.googleapis.com/oauth2/v3/certs'),
  ),
  GOOGLE_ISSUERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('accounts.google.com,https://accounts.google.com')
      .transform((s) =>
        s
          .split(',')
          .map((i) => i.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string()).min(1, 'must name at least one issuer')),
  ),
  AUTH_DEV_LOGIN: booleanFlag,
  ADMIN_EMAILS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('')
      .transform((s) =>
        s
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^[^\s@]+@[^\s@]+$/, 'must be comma-separated email addresses'))),
  ),
  AUTH_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(30)),
  GOOGLE_MAPS_API_KEY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  GOOGLE_PLACES_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
      .default('https://places.googleapis.com/v1'),
  ),
  GEOCODER_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  ),
  GEOCODER_KIND: z.preprocess(
    emptyToUndefined,
    z.enum(['photon', 'nominatim'], { message: 'must be photon or nominatim' }).default('photon'),
  ),
  PLACES_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(60)),
  FEEDBACK_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(5)),
  REPORT_RATE_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(100_000).default(REPORTS_PER_MINUTE_DEFAULT),
  ),
  ANALYTICS_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  ),
  RATE_LIMIT: booleanFlag,
  RATE_LIMIT_MUTATIONS_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(120),
  ),
  RATE_LIMIT_MUTATIONS_PER_IP_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(1200),
  ),
  RATE_LIMIT_STORE: z.preprocess(
    emptyToUndefined,
    z.enum(['memory', 'database'], { message: 'must be memory or database' }).optional(),
  ),
  // --- HTTP hardening ---
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine((v) => v !== 'true', {
        message:
          "`true` trusts any client's X-Forwarded-For (the client could pick its own IP and get around every per-IP limit); set the number of proxies in front (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8)",
      })
      .refine((v) => v === 'true' || /^(false|\d+|[0-9a-fA-F:.,/\s]+)$/.test(v), {
        message: 'must be false, a hop count (e.g. 1) or a comma-separated list of proxy addresses/CIDRs',
      })
      .optional()
      .transform((v): false | number | string => {
        if (v === undefined || v === 'false' || v === '0') return false;
        if (/^\d+$/.test(v)) return Number(v);
        return v;
      }),
  ),
  RATE_LIMIT_READS_PER_IP_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(600),
  ),
  RATE_LIMIT_EXPORTS_PER_IP_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(1),
  ),
  SEARCH_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(30)),
  IMAGE_LIST_RATE_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(100_000).default(60),
  ),
  EXPORT_DEADLINE_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(86_400_000).default(600_000),
  ),
  EXPORT_MIN_BYTES_PER_SECOND: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(1_000_000_000).default(4096),
  ),
  JSON_MAX_DEPTH: z.preprocess(emptyToUndefined, z.coerce.number().int().min(2).max(1000).default(32)),
  HTTP_REQUEST_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(3_600_000).default(300_000),
  ),
  HTTP_HEADERS_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(3_600_000).default(20_000),
  ),
  HTTP_IDLE_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  ),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(3_600_000).default(72_000),
  ),
  // --- end HTTP hardening ---
  JOB_MAINTENANCE_INTERVAL_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(3600).default(120),
  ),
  JOB_TEST_DELAY_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(600_000).default(0)),
  CSP_EXTRA_ORIGINS: z.preprocess(emptyToUndefined, z.string().optional()),
  VITE_TILE_URL_LIGHT: z.preprocess(emptyToUndefined, z.string().optional()),
  VITE_TILE_URL_DARK: z.preprocess(emptyToUndefined, z.string().optional()),
  // Database statement time limit.
  DB_STATEMENT_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(3_600_000).default(5000),
  ),
  ...storageEnv,
  // ── Sign-in, sessions and the place-search budget ──
  SESSION_MAX_AGE_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3650).default(30)),
  PLACES_PER_USER_PER_DAY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(300),
  ),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /**
   * Prometheus metrics at GET /metrics on a listener of their own (METRICS_PORT, on METRICS_HOST,
   * default HOST); undefined (the default) serves none.
   */
  metrics: { port: number; host: string } | undefined;
  /** Absolute path of the data directory (PGlite database, local media). */
  dataDir: string;
  /** PostgreSQL URL; undefined means embedded PGlite under dataDir/db. */
  databaseUrl: string | undefined;
  /** PGlite's shared_buffers in MB (PGLITE_SHARED_BUFFERS_MB); unused on PostgreSQL. */
  pgliteSharedBuffersMb: number;
  publicUrl: string;
  logLevel: string;
  geojsonMaxFeatures: number;
  /** Memory for rendered map bodies (GEOJSON_CACHE_MB); 0 renders every request. */
  geojsonCacheBytes: number;
  /** Seed styles and demo buildings into an empty database at start. */
  seed: boolean;
  /** Folder of the built web app; undefined disables serving it. */
  webDir: string | undefined;
  /** Run the job workers inside this server process; false for API-only processes. */
  worker: boolean;
  /** Jobs of each kind one process runs at the same time. */
  workerConcurrency: number;
  /** OAuth client id of the Google sign-in; undefined turns Google sign-in off. */
  googleClientId: string | undefined;
  googleJwksUrl: string;
  googleIssuers: string[];
  /**
   * The local demo sign-in (POST /api/auth/dev): on by default only on a loopback HOST without
   * Google; elsewhere only by AUTH_DEV_LOGIN=true; never in production (devLoginDefault).
   */
  devLogin: boolean;
  /** Emails (lowercased) whose Google sign-in makes the account admin (ADMIN_EMAILS; domain/roles.ts). */
  adminEmails: string[];
  /** Name of the session cookie: `__Host-atlas_session` when PUBLIC_URL is https, else `atlas_session`. */
  sessionCookie: string;
  /** Absolute lifetime of a session (SESSION_MAX_AGE_DAYS), whatever its sliding expiry. */
  sessionMaxAgeMs: number;
  /** Place searches (autocomplete + details) one user may make a day (PLACES_PER_USER_PER_DAY). */
  placesPerUserPerDay: number;
  /** Sign-in requests per IP and minute. */
  authRateLimit: number;
  /** Where images are stored and how uploads are limited (server/storage/storage-config.ts). */
  storage: StorageConfig;
  /** Place search: Google Places (New) with this key, else the OSM geocoder, else none. */
  places: {
    googleApiKey: string | undefined;
    /** Base URL of Google Places API (New), up to and including /v1. */
    googlePlacesUrl: string;
    geocoderUrl: string | undefined;
    geocoderKind: 'photon' | 'nominatim';
    /** Place search requests per IP and minute. */
    rateLimit: number;
  };
  /** Feedback submissions per IP and minute. */
  feedbackRateLimit: number;
  /** Reports (POST /api/reports) per IP and minute (REPORT_RATE_LIMIT). */
  reportRateLimit: number;
  /** Analytics events are POSTed here as JSON; undefined logs them instead. */
  analyticsUrl: string | undefined;
  /** Limits on mutations and expensive reads (server/http/rate-limit.ts); undefined turns them off. */
  rateLimit:
    | {
        perUserPerMinute: number;
        perIpPerMinute: number;
        readsPerIpPerMinute: number;
        exportsPerIpPerMinute: number;
      }
    | undefined;
  /** Searches (GET /api/search) per IP and minute (SEARCH_RATE_LIMIT). */
  searchRateLimit: number;
  /** Pages of image lists (GET /api/images/infinite-scroll) per IP and minute (IMAGE_LIST_RATE_LIMIT). */
  imageListRateLimit: number;
  /**
   * How long an export may run (EXPORT_DEADLINE_MS) and the least rate its reader must take it at
   * while the server waits on it (EXPORT_MIN_BYTES_PER_SECOND; 0: no minimum); past either the
   * download is cut and its slot freed (server/http/transfer-guard.ts).
   */
  export: { deadlineMs: number; minBytesPerSecond: number };
  /** Routes' own limits (AUTH_RATE_LIMIT, PLACES_RATE_LIMIT, FEEDBACK_RATE_LIMIT); off only with RATE_LIMIT=false. */
  routeRateLimits: boolean;
  /**
   * Where those limits count (RATE_LIMIT_STORE): `database` (shared by all processes; the default
   * with DATABASE_URL) or `memory` (this process; the default on the embedded PGlite).
   */
  rateLimitStore: 'memory' | 'database';
  /** Fastify's trustProxy: false, a hop count, or proxy addresses/CIDRs; never `true`. */
  trustProxy: false | number | string;
  /** Deepest nesting of arrays/objects a JSON body may have (JSON_MAX_DEPTH). */
  jsonMaxDepth: number;
  /** Timeouts of the HTTP server (HTTP_*_TIMEOUT_MS), in ms. */
  http: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    idleTimeoutMs: number;
    keepAliveTimeoutMs: number;
    /** How often Node checks request and headers timeouts (derived: a fraction of the shortest). */
    checkIntervalMs: number;
  };
  /** How often the queue fails jobs whose worker died (after the job's expiry) and archives old ones. */
  jobMaintenanceIntervalSeconds: number;
  /** Test hook (cluster test): every job waits this long before its handler runs; 0 in production. */
  jobTestDelayMs: number;
  /** Outside origins the Content-Security-Policy allows (server/http/security.ts). */
  csp: { tileOrigins: string[]; extraOrigins: string[] };
  /**
   * DB_STATEMENT_TIMEOUT_MS: PostgreSQL cancels an app statement running longer (503); 0 = no
   * limit. Not applied on the embedded PGlite, which cannot cancel a running statement.
   */
  dbStatementTimeoutMs: number;
}

/** Addresses that only this machine can reach: the demo sign-in is harmless only there. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/**
 * Whether the demo sign-in is on when AUTH_DEV_LOGIN is not set: only when the server listens on
 * loopback, Google sign-in is not configured, and NODE_ENV is not production.
 */
export function devLoginDefault(e: {
  HOST: string;
  GOOGLE_CLIENT_ID?: string | undefined;
  NODE_ENV: string;
}) {
  return (
    LOOPBACK_HOSTS.has(e.HOST.trim().toLowerCase()) &&
    e.GOOGLE_CLIENT_ID === undefined &&
    e.NODE_ENV !== 'production'
  );
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  // ── Sign-in and sessions ──
  // The demo sign-in lets anyone be the demo user: on by default only for a local, Google-less setup.
  const devLogin = e.AUTH_DEV_LOGIN ?? devLoginDefault(e);
  if (devLogin && e.NODE_ENV === 'production') {
    throw new ConfigError(['AUTH_DEV_LOGIN: the demo sign-in cannot be enabled when NODE_ENV=production']);
  }
  if (e.NODE_ENV === 'production' && !e.GOOGLE_JWKS_URL.startsWith('https://')) {
    throw new ConfigError([
      'GOOGLE_JWKS_URL: must be an https:// URL when NODE_ENV=production (keys fetched over plain http could be forged on the way)',
    ]);
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, '');
  // The __Host- prefix makes the browser refuse the cookie unless it is Secure, Path=/ and has no
  // Domain, so a sibling subdomain cannot plant or shadow it; it needs https.
  const sessionCookie = publicUrl.startsWith('https://') ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
  if (e.JOB_TEST_DELAY_MS > 0 && e.NODE_ENV === 'production') {
    throw new ConfigError(['JOB_TEST_DELAY_MS: a test hook, not allowed when NODE_ENV=production']);
  }
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(['HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS']);
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError([
      'METRICS_PORT: must differ from PORT (metrics are never served on the public port)',
    ]);
  }
  const storage = storageConfig(e);
  if (typeof storage === 'string') throw new ConfigError([storage]);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    metrics:
      e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST ?? e.HOST },
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    geojsonMaxFeatures: e.GEOJSON_MAX_FEATURES,
    geojsonCacheBytes: Math.round(e.GEOJSON_CACHE_MB * 1024 * 1024),
    seed: e.SEED ?? true,
    webDir: path.resolve(cwd, 'dist/web'),
    worker: e.WORKER ?? true,
    workerConcurrency: e.WORKER_CONCURRENCY,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    googleIssuers: e.GOOGLE_ISSUERS,
    devLogin,
    adminEmails: e.ADMIN_EMAILS,
    sessionCookie,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
    placesPerUserPerDay: e.PLACES_PER_USER_PER_DAY,
    authRateLimit: e.AUTH_RATE_LIMIT,
    storage,
    places: {
      googleApiKey: e.GOOGLE_MAPS_API_KEY,
      googlePlacesUrl: e.GOOGLE_PLACES_URL.replace(/\/+$/, ''),
      geocoderUrl: e.GEOCODER_URL?.replace(/\/+$/, ''),
      geocoderKind: e.GEOCODER_KIND,
      rateLimit: e.PLACES_RATE_LIMIT,
    },
    feedbackRateLimit: e.FEEDBACK_RATE_LIMIT,
    reportRateLimit: e.REPORT_RATE_LIMIT,
    analyticsUrl: e.ANALYTICS_URL,
    rateLimit:
      (e.RATE_LIMIT ?? e.NODE_ENV !== 'test')
        ? {
            perUserPerMinute: e.RATE_LIMIT_MUTATIONS_PER_MINUTE,
            perIpPerMinute: e.RATE_LIMIT_MUTATIONS_PER_IP_PER_MINUTE,
            readsPerIpPerMinute: e.RATE_LIMIT_READS_PER_IP_PER_MINUTE,
            exportsPerIpPerMinute: e.RATE_LIMIT_EXPORTS_PER_IP_PER_MINUTE,
          }
        : undefined,
    searchRateLimit: e.SEARCH_RATE_LIMIT,
    imageListRateLimit: e.IMAGE_LIST_RATE_LIMIT,
    export: { deadlineMs: e.EXPORT_DEADLINE_MS, minBytesPerSecond: e.EXPORT_MIN_BYTES_PER_SECOND },
    routeRateLimits: e.RATE_LIMIT ?? true,
    jsonMaxDepth: e.JSON_MAX_DEPTH,
    http: {
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      checkIntervalMs: Math.max(
        50,
        Math.min(30_000, Math.floor(Math.min(e.HTTP_REQUEST_TIMEOUT_MS, e.HTTP_HEADERS_TIMEOUT_MS) / 4)),
      ),
    },
    rateLimitStore: e.RATE_LIMIT_STORE ?? (e.DATABASE_URL ? 'database' : 'memory'),
    trustProxy: e.TRUST_PROXY,
    jobMaintenanceIntervalSeconds: e.JOB_MAINTENANCE_INTERVAL_SECONDS,
    jobTestDelayMs: e.JOB_TEST_DELAY_MS,
    csp: {
      tileOrigins: [...new Set([...originsOf(e.VITE_TILE_URL_LIGHT), ...originsOf(e.VITE_TILE_URL_DARK)])],
      extraOrigins: originsOf(e.CSP_EXTRA_ORIGINS),
    },
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
  };
}

/** Every environment variable the server reads (example.env lists each one: a test checks). */
export const configVariables: readonly string[] = Object.keys(envSchema.shape);

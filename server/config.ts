/** Server configuration from the environment, validated once at start. */
import path from 'node:path';
import { z } from 'zod';
import { GEOJSON_MAX_FEATURES_DEFAULT } from '#domain/constants';
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
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^(true|false|\d+|[0-9a-fA-F:.,/\s]+)$/,
        'must be true, false, a hop count or a list of proxy addresses',
      )
      .optional()
      .transform((v): boolean | number | string => {
        if (v === undefined || v === 'false') return false;
        if (v === 'true') return true;
        if (/^\d+$/.test(v)) return Number(v);
        return v;
      }),
  ),
  JOB_MAINTENANCE_INTERVAL_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(3600).default(120),
  ),
  JOB_TEST_DELAY_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(600_000).default(0)),
  CSP_EXTRA_ORIGINS: z.preprocess(emptyToUndefined, z.string().optional()),
  VITE_TILE_URL_LIGHT: z.preprocess(emptyToUndefined, z.string().optional()),
  VITE_TILE_URL_DARK: z.preprocess(emptyToUndefined, z.string().optional()),
  ...storageEnv,
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute path of the data directory (PGlite database, local media). */
  dataDir: string;
  /** PostgreSQL URL; undefined means embedded PGlite under dataDir/db. */
  databaseUrl: string | undefined;
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
  /** The local demo sign-in (POST /api/auth/dev). */
  devLogin: boolean;
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
  /** Analytics events are POSTed here as JSON; undefined logs them instead. */
  analyticsUrl: string | undefined;
  /** Limits on mutating API requests (server/http/rate-limit.ts); undefined turns them off. */
  rateLimit: { perUserPerMinute: number; perIpPerMinute: number } | undefined;
  /**
   * Where those limits count (RATE_LIMIT_STORE): `database` (shared by all processes; the default
   * with DATABASE_URL) or `memory` (this process; the default on the embedded PGlite).
   */
  rateLimitStore: 'memory' | 'database';
  /** Fastify's trustProxy: whether (or which) X-Forwarded-* headers name the client. */
  trustProxy: boolean | number | string;
  /** How often the queue fails jobs whose worker died (after the job's expiry) and archives old ones. */
  jobMaintenanceIntervalSeconds: number;
  /** Test hook (cluster test): every job waits this long before its handler runs; 0 in production. */
  jobTestDelayMs: number;
  /** Outside origins the Content-Security-Policy allows (server/http/security.ts). */
  csp: { tileOrigins: string[]; extraOrigins: string[] };
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
  // The demo sign-in lets anyone be anyone: on by default only for a local, Google-less setup.
  const devLogin = e.AUTH_DEV_LOGIN ?? (e.GOOGLE_CLIENT_ID === undefined && e.NODE_ENV !== 'production');
  if (devLogin && e.NODE_ENV === 'production') {
    throw new ConfigError(['AUTH_DEV_LOGIN: the demo sign-in cannot be enabled when NODE_ENV=production']);
  }
  if (e.JOB_TEST_DELAY_MS > 0 && e.NODE_ENV === 'production') {
    throw new ConfigError(['JOB_TEST_DELAY_MS: a test hook, not allowed when NODE_ENV=production']);
  }
  const storage = storageConfig(e);
  if (typeof storage === 'string') throw new ConfigError([storage]);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
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
    analyticsUrl: e.ANALYTICS_URL,
    rateLimit:
      (e.RATE_LIMIT ?? e.NODE_ENV !== 'test')
        ? {
            perUserPerMinute: e.RATE_LIMIT_MUTATIONS_PER_MINUTE,
            perIpPerMinute: e.RATE_LIMIT_MUTATIONS_PER_IP_PER_MINUTE,
          }
        : undefined,
    rateLimitStore: e.RATE_LIMIT_STORE ?? (e.DATABASE_URL ? 'database' : 'memory'),
    trustProxy: e.TRUST_PROXY,
    jobMaintenanceIntervalSeconds: e.JOB_MAINTENANCE_INTERVAL_SECONDS,
    jobTestDelayMs: e.JOB_TEST_DELAY_MS,
    csp: {
      tileOrigins: [...new Set([...originsOf(e.VITE_TILE_URL_LIGHT), ...originsOf(e.VITE_TILE_URL_DARK)])],
      extraOrigins: originsOf(e.CSP_EXTRA_ORIGINS),
    },
  };
}

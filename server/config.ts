/**
 * Server configuration from the environment, validated once at start. Each area of the server
 * declares its variables and what it makes of them in server/config/<area>.ts; this file puts
 * the areas together. How to add a setting: server/config/README.md; why this shape:
 * docs/decisions/2026-11-27-configuration-by-area.md.
 */
import path from 'node:path';
import type { z } from 'zod';
import { analyticsSettings } from './config/analytics.ts';
import { authSettings } from './config/auth.ts';
import { cspSettings } from './config/csp.ts';
import { databaseSettings } from './config/database.ts';
import { exportsSettings } from './config/exports.ts';
import { httpSettings } from './config/http.ts';
import { jobsSettings } from './config/jobs.ts';
import { limitsSettings } from './config/limits.ts';
import { mapSettings, resolveStreetsArchive } from './config/map.ts';
import { metricsSettings } from './config/metrics.ts';
import { placesSettings } from './config/places.ts';
import { privacySettings } from './config/privacy.ts';
import { serverSettings } from './config/server.ts';
import { storageSettings } from './config/storage.ts';

/** Every area, in the order README.md's configuration table lists their variables. */
export const configAreas = [
  serverSettings,
  metricsSettings,
  databaseSettings,
  mapSettings,
  jobsSettings,
  authSettings,
  storageSettings,
  placesSettings,
  analyticsSettings,
  limitsSettings,
  exportsSettings,
  httpSettings,
  cspSettings,
  privacySettings,
] as const;

/** Each area's part of the configuration (a union); Merged makes it their intersection. */
type AreaConfigs = (typeof configAreas)[number] extends infer A
  ? A extends { schema: z.ZodType<infer Out> }
    ? Out
    : never
  : never;
type Merged<U> = (U extends unknown ? (u: U) => void : never) extends (m: infer M) => void ? M : never;

/** The whole configuration: every area's part, and the paths resolved against the working directory. */
export type Config = Merged<AreaConfigs> & {
  /** Absolute path of the data directory (PGlite database, local media). */
  dataDir: string;
  /** Folder of the built web app; undefined disables serving it. */
  webDir: string | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const problems = new Set<string>();
  const parts: object[] = [];
  for (const { schema } of configAreas) {
    const parsed = schema.safeParse(env);
    if (parsed.success) parts.push(parsed.data);
    // An area that reads another's variable reports its problem too: listed once.
    else for (const i of parsed.error.issues) problems.add(`${i.path.join('.')}: ${i.message}`);
  }
  if (problems.size > 0) throw new ConfigError([...problems]);
  const merged = Object.assign({}, ...parts) as Merged<AreaConfigs>;
  return {
    ...merged,
    dataDir: path.resolve(cwd, merged.dataDir),
    basemapPmtiles: resolveStreetsArchive(merged.basemapPmtiles, cwd),
    webDir: path.resolve(cwd, 'dist/web'),
  };
}

/** Every environment variable the server reads, each once (example.env and README.md list them: tests check). */
export const configVariables: readonly string[] = configAreas.flatMap((a) => Object.keys(a.variables));

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { assertChromiumInstalled, chromiumPath, E2E_CHROMIUM_ARGS } from './chromium-path.ts';
import { freePort, stopChild } from '../server/test/processes.ts';
import { fetchWorldBuildings } from './world.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseURL: string;
    /** The one Chromium every file connects to (browser.ts), instead of launching its own. */
    browserWsEndpoint: string;
    /** Ids of the seeded catalogue's buildings in the world view, taken before any test ran (api.ts). */
    seededBuildingIds: number[];
  }
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const HEALTH_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * Builds the web app, starts the real server (embedded PGlite in a fresh temp DATA_DIR, seeded on
 * first start) on a free port, waits for /api/health, and hands the URL to the tests; launches one
 * Chromium for all files (each file has its own contexts, so nothing is shared but the process).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  assertChromiumInstalled();

  const indexHtml = path.join(repoRoot, 'dist/web/index.html');
  // The offline basemap archive (skipped in about a second when its inputs have not changed).
  await runBuildStep(process.execPath, ['--import', 'tsx', 'scripts/basemap/generate.ts']);
  if (!fs.existsSync(indexHtml) || process.env.E2E_SKIP_BUILD !== '1') await buildWebApp();

  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'atlas-e2e-'));
  const logPath = path.join(dataDir, 'server.log');
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = startServer(port, dataDir, logPath);
  let browser: Awaited<ReturnType<typeof chromium.launchServer>> | undefined;

  const teardown = async () => {
    await browser?.close();
    await stopChild(server, STOP_TIMEOUT_MS);
    await fs.promises.rm(dataDir, { recursive: true, force: true });
  };

  try {
    // Chromium starts while the server does.
    [browser] = await Promise.all([
      chromium.launchServer({ executablePath: chromiumPath(), args: E2E_CHROMIUM_ARGS }),
      waitForHealth(baseURL, server, logPath),
    ]);
  } catch (error) {
    await teardown();
    throw error;
  }
  let seeded: Awaited<ReturnType<typeof fetchWorldBuildings>>;
  try {
    seeded = await fetchWorldBuildings(baseURL);
    if (seeded.truncated || seeded.features.length === 0)
      throw new Error('The seeded world view is empty or cut');
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('baseURL', baseURL);
  project.provide('browserWsEndpoint', browser.wsEndpoint());
  project.provide(
    'seededBuildingIds',
    seeded.features.map((f) => f.properties.id),
  );
  return teardown;
}

/**
 * The app as it ships: vitest runs with NODE_ENV=test, and a Vite build under it makes React's
 * development build (several times slower), which then stayed in dist/web for `npm start` and the
 * benchmarks to serve. The e2e tests need no other build: their hooks are switched on at run time.
 */
function buildWebApp(): Promise<void> {
  return runBuildStep('npx', ['vite', 'build'], { ...process.env, NODE_ENV: 'production' });
}

async function runBuildStep(command: string, args: string[], env = process.env): Promise<void> {
  const output: string[] = [];
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${code}):\n${output.join('')}`);
}

function startServer(port: number, dataDir: string, logPath: string): ChildProcess {
  // e2e always runs on the embedded PGlite, whatever the shell has configured. Every user of the
  // journeys signs in from 127.0.0.1, two files at a time (vitest.e2e.config.ts): the sign-in limit
  // per address (AUTH_RATE_LIMIT, 30 a minute; its own tests are in server/) would count them all
  // as one client, so it is raised here like a deployment behind a proxy sees many addresses; so
  // are the per-address read budget, the search and image-list limits and the export window
  // (one a minute: the export journey downloads twice), whose own tests are in server/ too.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: '1000',
    RATE_LIMIT_READS_PER_IP_PER_MINUTE: '100000',
    RATE_LIMIT_EXPORTS_PER_IP_PER_MINUTE: '1000',
    SEARCH_RATE_LIMIT: '1000',
    IMAGE_LIST_RATE_LIMIT: '1000',
  };
  delete env.DATABASE_URL;
  const log = fs.openSync(logPath, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log); // the child holds its own descriptor
  return child;
}

async function waitForHealth(baseURL: string, server: ChildProcess, logPath: string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(
        `The server exited (${server.exitCode ?? server.signalCode}) before it was healthy.\n${logTail(logPath)}`,
      );
    }
    try {
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2000) });
      const body = (await response.json()) as unknown;
      if (response.ok && isHealthy(body)) return;
      lastProblem = `status ${response.status}: ${JSON.stringify(body)}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(
    `The server at ${baseURL} was not healthy within ${HEALTH_TIMEOUT_MS / 1000} s (${lastProblem}).\n${logTail(logPath)}`,
  );
}

function isHealthy(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'ok';
}

function logTail(logPath: string, lines = 40): string {
  try {
    const text = fs.readFileSync(logPath, 'utf8').trimEnd().split('\n');
    return `--- last ${Math.min(lines, text.length)} lines of ${logPath} ---\n${text.slice(-lines).join('\n')}`;
  } catch {
    return `(no server log at ${logPath})`;
  }
}

/**
 * `npm start` as an operator, systemd or a container runtime runs it: the signal goes to the
 * process that was started (npm), and the server behind it must stop gracefully, free its port
 * and leave no process behind.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot } from './processes.ts';

/** What a service manager waits after SIGTERM before it kills (systemd's default is 90 s; ours is 10). */
const STOP_WITHIN_MS = 10_000;

interface Started {
  npm: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
}

let started: Started | undefined;

beforeAll(() => {
  // Builds what is stale (nothing when dist is current), so npm start below only starts.
  const result = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('node scripts/start.mjs --build-only failed');
}, 600_000);

afterEach(async () => {
  if (!started) return;
  // Whatever is left of the process group (npm was started as its leader) goes.
  try {
    process.kill(-started.npm.pid!, 'SIGKILL');
  } catch {
    // nothing left
  }
  await fs.promises.rm(started.dataDir, { recursive: true, force: true });
  started = undefined;
});

/** The processes of a process group, from ps (pid and command). */
function processGroup(pgid: number): string[] {
  const ps = spawnSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' });
  return ps.stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.split(/\s+/)[1] === String(pgid));
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

/** `npm start` on a fresh DATA_DIR (embedded PGlite) and a free port, answering /api/health/ready. */
async function npmStart(): Promise<Started> {
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'atlas-npm-start-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
  delete env.DATABASE_URL;
  delete env.NODE_ENV; // vitest sets test; npm start runs as an operator's would
  const npm = spawn('npm', ['start'], {
    cwd: repoRoot,
    env,
    // Its own process group, so the test can see every process of the tree, and a terminal's
    // Ctrl-C or the test runner's signals do not reach it.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  npm.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  started = { npm, port, dataDir, output: () => text };
  const ready = await until(async () => {
    if (npm.exitCode !== null) throw new Error(`npm start exited (${npm.exitCode}):\n${text}`);
    try {
      return (await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(2000) }))
        .ok;
    } catch {
      return false;
    }
  }, 120_000);
  if (!ready) throw new Error(`npm start did not get ready:\n${text}`);
  return started;
}

describe('npm start and the signals a service manager sends', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to the npm process stops the server: shutdown logged, port freed and no process left within 10 s',
    async (signal) => {
      const { npm, port, output } = await npmStart();
      const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
      const sentAt = Date.now();
      npm.kill(signal);

      expect(await until(async () => !(await portAnswers(port)), STOP_WITHIN_MS), 'port still answers').toBe(
        true,
      );
      expect(
        await until(() => processGroup(npm.pid!).length === 0, STOP_WITHIN_MS - (Date.now() - sentAt)),
        `processes left: ${processGroup(npm.pid!).join('; ')}`,
      ).toBe(true);
      expect(Date.now() - sentAt).toBeLessThan(STOP_WITHIN_MS);
      // npm ends as its script did: the server's own clean exit, not a killed npm.
      expect(await exited).toBe(0);
      const lines = output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; signal?: string });
      expect(lines.some((line) => line.signal === signal && line.msg?.startsWith('shutting down'))).toBe(
        true,
      );
      expect(lines.some((line) => line.signal === signal && line.msg === 'stopped')).toBe(true);
    },
    180_000,
  );
});

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
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/auth';
import type { UploadResponse } from '#domain/images';
import { fetchWorldBuildings } from '../e2e/world.ts';
import { createPostgresDatabase } from '../server/test/databases.ts';
import { freePort, repoRoot } from './processes.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

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

/**
 * `npm <args>` in its own process group, with the usual umask of a login shell (group and others
 * may read: the server must not rely on it). exec: the pid is npm's, as when an operator or a
 * service manager runs it.
 */
function spawnNpm(args: string, env: NodeJS.ProcessEnv): { npm: ChildProcess; output: () => string } {
  const npm = spawn('sh', ['-c', `umask 022 && exec npm ${args}`], {
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
  return { npm, output: () => text };
}

/** `npm start` on a fresh DATA_DIR (embedded PGlite) and a free port, answering /api/health/ready. */
async function npmStart(
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-npm-start-')),
): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
  delete env.DATABASE_URL;
  delete env.NODE_ENV; // vitest sets test; npm start runs as an operator's would
  const { npm, output } = spawnNpm('start', env);
  started = { npm, port, dataDir, output };
  const ready = await until(async () => {
    if (npm.exitCode !== null) throw new Error(`npm start exited (${npm.exitCode}):\n${output()}`);
    try {
      return (await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(2000) }))
        .ok;
    } catch {
      return false;
    }
  }, 120_000);
  if (!ready) throw new Error(`npm start did not get ready:\n${output()}`);
  return started;
}

/** The JSON log lines of a process's output. */
function logLines(output: string): { msg?: string; signal?: string }[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; signal?: string });
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
      const lines = logLines(output());
      expect(lines.some((line) => line.signal === signal && line.msg?.startsWith('shutting down'))).toBe(
        true,
      );
      expect(lines.some((line) => line.signal === signal && line.msg === 'stopped')).toBe(true);
    },
    180_000,
  );

  it('SIGTERM to the npm process of npm run worker stops the worker: logged, exit 0, no process left', async () => {
    const database = await createPostgresDatabase(ADMIN_URL, { prefix: 'atlas_npm_worker' });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-npm-worker-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir };
      delete env.NODE_ENV;
      const { npm, output } = spawnNpm('run worker', env);
      started = { npm, port: 0, dataDir, output };
      const running = await until(() => {
        if (npm.exitCode !== null) throw new Error(`npm run worker exited (${npm.exitCode}):\n${output()}`);
        return logLines(output()).some((line) => line.msg === 'Atlas of Buildings worker is running');
      }, 120_000);
      expect(running, output()).toBe(true);

      const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
      const sentAt = Date.now();
      npm.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(
        await until(() => processGroup(npm.pid!).length === 0, STOP_WITHIN_MS - (Date.now() - sentAt)),
        `processes left: ${processGroup(npm.pid!).join('; ')}`,
      ).toBe(true);
      expect(Date.now() - sentAt).toBeLessThan(STOP_WITHIN_MS);
      expect(
        logLines(output()).some((line) => line.signal === 'SIGTERM' && line.msg === 'worker stopped'),
      ).toBe(true);
    } finally {
      await database.drop();
    }
  }, 180_000);
});

/** Paths under `dir` (itself included) that a group or other account may read, write or enter. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (p: string) => {
    const stat = fs.lstatSync(p);
    if (stat.mode & 0o077) found.push(`${path.relative(dir, p) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
  return found;
}

/** `npm run backup -- …args` on DATA_DIR `dataDir`, under the same umask 022. */
function npmBackup(dataDir: string, args: string[]): string {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const result = spawnSync('sh', ['-c', 'umask 022 && exec npm run backup -- "$@"', 'sh', ...args], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`npm run backup ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

async function json<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

describe('DATA_DIR of npm start', () => {
  it('holds nothing a group or other account may read after a first start, an upload, a backup and a restore', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-data-dir-modes-'));
    try {
      const dataDir = path.join(root, 'data');
      const { npm, port } = await npmStart(dataDir);
      const origin = `http://127.0.0.1:${port}`;
      const post = (url: string, body: unknown, cookie?: string) =>
        fetch(`${origin}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
        });

      // Writes: a user, an image uploaded (media-tmp, media-private) and its renditions (media).
      const signIn = await post('/api/auth/dev', { handle: 'modes_ada' });
      await json(signIn, 'dev sign-in');
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
      const world = await fetchWorldBuildings(origin);
      const buildingId = world.features[0]!.properties.id;
      const png = await sharp({
        create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 120, b: 200 } },
      })
        .png()
        .toBuffer();
      const session = await json<UploadResponse>(
        await post(
          '/api/images/upload',
          {
            buildingId,
            metadata: [
              {
                description: 'modes',
                captureYear: 2021,
                type: 'exterior',
                fileExt: '.png',
                fileSize: png.length,
              },
            ],
          },
          cookie,
        ),
        'upload request',
      );
      const slot = session.uploadUrls[0]!;
      const put = await fetch(new URL(slot.url, origin), {
        method: 'PUT',
        body: new Uint8Array(png),
        headers: { 'content-type': slot.content_type },
      });
      expect(put.status, await put.text()).toBeLessThan(300);
      const imageId = session.images[0]!.id;
      await json(
        await post('/api/images/confirm-upload', { successfulIds: [imageId], failedIds: [] }, cookie),
        'confirm',
      );
      const processing = await json<{ results: { task_id: string }[] }>(
        await post('/api/images/process-uploaded', { imageIds: [imageId] }, cookie),
        'process-uploaded',
      );
      const taskId = processing.results[0]!.task_id;
      const done = await until(async () => {
        const status = await json<{ status: string }>(
          await fetch(`${origin}/api/images/processing-status/${taskId}`),
          'processing status',
        );
        return status.status === 'SUCCESS';
      }, 60_000);
      expect(done, 'the thumbnail job finished').toBe(true);
      expect(openToOthers(dataDir)).toEqual([]);

      // Stopped, backed up and restored, as docs/deploy.md describes.
      const exited = new Promise((resolve) => npm.once('exit', resolve));
      npm.kill('SIGTERM');
      await exited;
      const backups = path.join(root, 'backups');
      npmBackup(dataDir, [backups]);
      const [snapshot] = fs.readdirSync(backups);
      const restored = path.join(root, 'restored');
      npmBackup(restored, ['restore', path.join(backups, snapshot!)]);

      expect(openToOthers(dataDir)).toEqual([]);
      expect(openToOthers(backups)).toEqual([]);
      expect(openToOthers(restored)).toEqual([]);
      expect(fs.readdirSync(path.join(restored, 'media')).length).toBeGreaterThan(0);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 300_000);
});

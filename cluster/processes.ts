/** Server and worker processes of the cluster test: started like production, logs kept for failures. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmScriptCommand } from '../scripts/npm-script.ts';
import { freePort } from '../server/test/processes.ts';
export { freePort };

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface Proc {
  name: string;
  child: ChildProcess;
  logPath: string;
  /** http://127.0.0.1:port for API processes. */
  url?: string;
}

/**
 * An npm script's command (`npm start`, `npm run worker`) run without npm in between, in the
 * repository: `node <its args>` with its environment defaults under `env` (as the script's
 * `${NAME:-value}`, a variable already set wins), its output in `logDir/<name>.log`.
 */
export function startProcess(
  name: string,
  script: 'start' | 'worker',
  env: NodeJS.ProcessEnv,
  logDir: string,
): Proc {
  const { nodeArgs, envDefaults } = npmScriptCommand(script);
  const logPath = path.join(logDir, `${name}.log`);
  const log = fs.openSync(logPath, 'a');
  const child = spawn(process.execPath, nodeArgs, {
    cwd: repoRoot,
    env: { ...envDefaults, ...process.env, ...env },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  return { name, child, logPath };
}

let built = false;

/** Builds what is stale once, so the API processes do not each build (or build at once). */
function buildOnce(): void {
  if (built) return;
  const result = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('node scripts/start.mjs --build-only failed');
  built = true;
}

/** An API process as `npm start` runs it: the bundled server (dist/server) with its V8 flags. */
export async function startApi(name: string, env: NodeJS.ProcessEnv, logDir: string): Promise<Proc> {
  buildOnce();
  const port = await freePort();
  const proc = startProcess(name, 'start', { ...env, PORT: String(port), HOST: '127.0.0.1' }, logDir);
  proc.url = `http://127.0.0.1:${port}`;
  await waitFor(`${name} ready`, proc, async () => {
    const res = await fetch(`${proc.url}/api/health/ready`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  });
  return proc;
}

/** A worker process as `npm run worker` runs it: the bundled worker (dist/server/worker.js). */
export function startWorker(name: string, env: NodeJS.ProcessEnv, logDir: string): Proc {
  buildOnce();
  return startProcess(name, 'worker', env, logDir);
}

export function logTail(proc: Proc, lines = 30): string {
  try {
    const text = fs.readFileSync(proc.logPath, 'utf8').trimEnd().split('\n');
    return `--- ${proc.name} (${proc.logPath}) ---\n${text.slice(-lines).join('\n')}`;
  } catch {
    return `(no log for ${proc.name})`;
  }
}

export const exited = (proc: Proc) => proc.child.exitCode !== null || proc.child.signalCode !== null;

/** Polls `check` until it is true; fails early when the process dies, with its log. */
export async function waitFor(
  what: string,
  proc: Proc | undefined,
  check: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (proc && exited(proc))
      throw new Error(`${proc.name} exited while waiting for ${what}\n${logTail(proc)}`);
    try {
      if (await check()) return;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what} ${last}${proc ? `\n${logTail(proc)}` : ''}`);
}

export async function stop(proc: Proc | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!proc || exited(proc)) return;
  const done = new Promise<void>((resolve) => proc.child.once('exit', () => resolve()));
  proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
  await done;
  clearTimeout(timer);
}

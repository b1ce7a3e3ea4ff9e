/**
 * A PostgreSQL server of a fault test's own: initdb into a temporary directory, a free port on
 * loopback, trust authentication. The test may stop and start it at will (the machine's shared
 * server must never be stopped). As root, the server binaries run as the `postgres` user
 * (initdb refuses root). PG_BIN overrides the binaries' folder.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../test/processes.ts';

const run = promisify(execFile);

async function binDir(): Promise<string> {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = (await fs.readdir(root).catch(() => [] as string[])).sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error(`No PostgreSQL binaries under ${root}; set PG_BIN`);
  return path.join(root, versions[0]!, 'bin');
}

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: open connections are terminated, new ones refused. */
  stop(): Promise<void>;
  /** Stops the server (when running) and deletes its data directory. */
  remove(): Promise<void>;
}

export async function createThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = await binDir();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-fault-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);
  await pg('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB`;
  let running = false;
  const server: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pg('pg_ctl', [
        '-D',
        dataDir,
        '-o',
        options,
        '-l',
        path.join(dir, 'log'),
        '-w',
        '-t',
        '30',
        'start',
      ]);
      running = true;
    },
    async stop() {
      await pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
      running = false;
    },
    async remove() {
      if (running) await server.stop().catch(() => undefined);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

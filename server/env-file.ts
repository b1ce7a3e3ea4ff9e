/**
 * `.env` in the working directory, read at start by every entry point (server, worker, db and
 * backup scripts) before the configuration: `KEY=value` lines as Node's own `--env-file` reads
 * them (util.parseEnv; Node 20 has no `--env-file-if-exists`). A variable the environment already
 * has wins over the file, so systemd units, containers and the shell still decide. No file: no
 * change. example.env lists every variable with its default.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/** Reads `cwd/.env` into `env` (only variables `env` lacks); returns the file's path, or undefined without one. */
export function loadEnvFile(
  cwd: string = process.cwd(),
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const file = path.join(cwd, '.env');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] === undefined) env[name] = value;
  }
  return file;
}

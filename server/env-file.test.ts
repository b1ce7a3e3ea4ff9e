import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnvFile } from './env-file.ts';

let dir = '';
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const tempDir = () => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-env-file-')));

describe('.env in the working directory', () => {
  it('fills in the variables the environment lacks; the environment wins', () => {
    const cwd = tempDir();
    fs.writeFileSync(
      path.join(cwd, '.env'),
      [
        '# a comment',
        'PORT=4000',
        'HOST=0.0.0.0',
        'PUBLIC_URL="https://atlas.example.org" # the site',
        '',
      ].join('\n'),
    );
    const env: NodeJS.ProcessEnv = { HOST: '127.0.0.1' };
    expect(loadEnvFile(cwd, env)).toBe(path.join(cwd, '.env'));
    expect(env).toEqual({ HOST: '127.0.0.1', PORT: '4000', PUBLIC_URL: 'https://atlas.example.org' });
  });

  it('changes nothing without a file', () => {
    const env: NodeJS.ProcessEnv = { PORT: '1' };
    expect(loadEnvFile(tempDir(), env)).toBeUndefined();
    expect(env).toEqual({ PORT: '1' });
  });

  it('is read by the db:migrate script started in that directory, under the real environment', () => {
    const cwd = tempDir();
    fs.writeFileSync(path.join(cwd, '.env'), 'DATA_DIR=./from-env-file\nSEED=false\n');
    const cli = fileURLToPath(new URL('./db/cli.ts', import.meta.url));
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const run = (env: NodeJS.ProcessEnv) => {
      const clean = { ...process.env, ...env };
      delete clean.DATABASE_URL;
      if (!('DATA_DIR' in env)) delete clean.DATA_DIR;
      return spawnSync(process.execPath, ['--import', tsx, cli, 'migrate'], {
        cwd,
        env: clean,
        encoding: 'utf8',
      });
    };

    const fromFile = run({});
    expect(fromFile.status, fromFile.stderr).toBe(0);
    expect(fs.existsSync(path.join(cwd, 'from-env-file/db/PG_VERSION'))).toBe(true);

    const fromEnvironment = run({ DATA_DIR: './from-environment' });
    expect(fromEnvironment.status, fromEnvironment.stderr).toBe(0);
    expect(fs.existsSync(path.join(cwd, 'from-environment/db/PG_VERSION'))).toBe(true);
  }, 120_000);
});

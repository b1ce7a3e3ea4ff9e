/**
 * The example systemd units in docs/systemd (quoted in docs/deploy.md): systemd itself checks them
 * (`systemd-analyze verify`, which works offline, without systemd running), and they run what
 * `npm start` and `npm run worker` run, stopping within the server's graceful stop.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmScriptCommand } from './npm-script.ts';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const unitsDir = path.join(root, 'docs/systemd');
const UNITS = ['atlas.service', 'atlas-worker.service'];
/** How long the server and the worker may take to stop after SIGTERM (server/main.ts, server/worker.ts). */
const GRACEFUL_STOP_S = 10;

/** A unit's `Key=value` lines of one section (comments and other sections left out). */
function section(unit: string, name: string): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  let current = '';
  for (const raw of fs.readFileSync(path.join(unitsDir, unit), 'utf8').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      current = header[1]!;
      continue;
    }
    if (current !== name) continue;
    const eq = line.indexOf('=');
    const key = line.slice(0, eq);
    keys.set(key, [...(keys.get(key) ?? []), line.slice(eq + 1)]);
  }
  return keys;
}

/** An npm script's Node arguments (scripts/ under the unit's /opt/atlas) and its environment defaults. */
function npmScript(script: string): { args: string; env: string[] } {
  const { nodeArgs, envDefaults } = npmScriptCommand(script);
  return {
    args: nodeArgs.join(' ').replace('scripts/', '/opt/atlas/scripts/'),
    env: Object.entries(envDefaults).map(([name, value]) => `${name}=${value}`),
  };
}

function seconds(value: string): number {
  const match = /^(\d+)(s|min)?$/.exec(value);
  if (!match) throw new Error(`not a time span in seconds or minutes: ${value}`);
  return Number(match[1]) * (match[2] === 'min' ? 60 : 1);
}

describe('the example systemd units', () => {
  it('pass systemd-analyze verify without an error or a warning', () => {
    const result = spawnSync(
      'systemd-analyze',
      ['verify', ...UNITS.map((unit) => path.join(unitsDir, unit))],
      {
        encoding: 'utf8',
        // Plain messages, whatever the terminal.
        env: { ...process.env, SYSTEMD_LOG_COLOR: '0', SYSTEMD_PAGER: '' },
      },
    );
    if (result.error)
      throw new Error(
        `systemd-analyze could not run (${result.error.message}): install systemd (apt-get install systemd), as .ci/run does`,
      );
    // verify exits 0 on warnings such as an unknown key, so its output must be empty too.
    expect(`${result.stdout}${result.stderr}`).toBe('');
    expect(result.status).toBe(0);
  });

  it.each([
    ['atlas.service', 'start'],
    ['atlas-worker.service', 'worker'],
  ])(
    '%s runs the built bundle as npm %s does, with Node and its environment, not through npm or tsx',
    (unit, script) => {
      const { args, env } = npmScript(script);
      const service = section(unit, 'Service');
      expect(service.get('ExecStart')).toEqual([`/usr/bin/node ${args}`]);
      const environment = (service.get('Environment') ?? []).flatMap((line) => line.split(' '));
      expect(env.length).toBeGreaterThan(0);
      for (const assignment of env) expect(environment).toContain(assignment);
    },
  );

  it.each(UNITS)('%s is quoted in docs/deploy.md as it is in docs/systemd', (unit) => {
    const deploy = fs.readFileSync(path.join(root, 'docs/deploy.md'), 'utf8');
    const text = fs.readFileSync(path.join(unitsDir, unit), 'utf8').trimEnd();
    expect(deploy).toContain(`\`docs/systemd/${unit}\`:\n\n\`\`\`ini\n${text}\n\`\`\`\n`);
  });

  it.each(UNITS)(
    '%s: settings from a file, its own user, SIGTERM with time for the graceful stop, restarts, hardening',
    (unit) => {
      const service = section(unit, 'Service');
      const one = (key: string) => service.get(key)?.at(-1);
      expect(one('EnvironmentFile')).toBe('/etc/atlas/atlas.env');
      expect(one('User')).toBe('atlas');
      expect(one('KillSignal')).toBe('SIGTERM');
      expect(seconds(one('TimeoutStopSec') ?? '0')).toBeGreaterThanOrEqual(GRACEFUL_STOP_S);
      expect(one('Restart')).toBe('on-failure');
      expect(one('NoNewPrivileges')).toBe('yes');
      expect(one('ProtectSystem')).toBe('strict');
      expect(one('ProtectHome')).toBe('yes');
      expect(one('PrivateTmp')).toBe('yes');
      // DATA_DIR is the one writable place.
      expect(one('ReadWritePaths')).toBe('/var/lib/atlas');
      // PostgreSQL, when it runs on this machine, starts first (the worker needs it).
      expect(section(unit, 'Unit').get('After')?.join(' ')).toMatch(/\bpostgresql\.service\b/);
    },
  );
});

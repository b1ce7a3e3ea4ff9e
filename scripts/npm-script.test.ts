import { describe, expect, it } from 'vitest';
import { npmScriptCommand, parseNpmScript } from './npm-script.ts';

describe('the command of an npm script', () => {
  it("reads Node's arguments and the environment defaults", () => {
    expect(
      parseNpmScript('exec env A_B=${A_B:-2} C_=${C_:-131072} node --flag=1 scripts/start.mjs --worker'),
    ).toEqual({
      nodeArgs: ['--flag=1', 'scripts/start.mjs', '--worker'],
      envDefaults: { A_B: '2', C_: '131072' },
    });
    expect(parseNpmScript('exec node scripts/start.mjs')).toEqual({
      nodeArgs: ['scripts/start.mjs'],
      envDefaults: {},
    });
  });

  it('refuses what it cannot run the same way: no exec, a value the environment cannot override', () => {
    expect(() => parseNpmScript('node scripts/start.mjs')).toThrow(/not `exec/);
    expect(() => parseNpmScript('exec env A=2 node scripts/start.mjs')).toThrow(/A=2/);
    expect(() => parseNpmScript('exec env A=${B:-2} node scripts/start.mjs')).toThrow(/A=\$\{B:-2\}/);
  });

  it('reads npm start and npm run worker, which keep glibc allocator defaults an operator can override', () => {
    for (const script of ['start', 'worker']) {
      const command = npmScriptCommand(script);
      expect(command.nodeArgs).toContain('scripts/start.mjs');
      expect(command.envDefaults).toMatchObject({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' });
    }
  });
});

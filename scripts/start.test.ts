import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { hashInputs } from './start.mjs';

const hash = hashInputs as (inputs: string[], base: string) => string;
let dir = '';
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-start-test-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('the build stamp of npm start', () => {
  it('changes when a source file changes, is added or is renamed, and only then', () => {
    const base = tree({ 'web/a.tsx': 'a', 'web/sub/b.ts': 'b', 'vite.config.ts': 'v' });
    const inputs = ['web', 'vite.config.ts'];
    const before = hash(inputs, base);
    expect(hash(inputs, base)).toBe(before);

    fs.writeFileSync(path.join(base, 'web/sub/b.ts'), 'b2');
    const edited = hash(inputs, base);
    expect(edited).not.toBe(before);

    fs.writeFileSync(path.join(base, 'web/sub/c.ts'), '');
    const added = hash(inputs, base);
    expect(added).not.toBe(edited);

    fs.renameSync(path.join(base, 'web/sub/c.ts'), path.join(base, 'web/sub/d.ts'));
    expect(hash(inputs, base)).not.toBe(added);
  });

  it('ignores test files, which no build reads', () => {
    const base = tree({ 'web/a.tsx': 'a' });
    const before = hash(['web'], base);
    fs.writeFileSync(path.join(base, 'web/a.test.tsx'), 'test');
    expect(hash(['web'], base)).toBe(before);
  });

  it('notices a missing input', () => {
    const base = tree({ 'web/a.tsx': 'a', 'vite.config.ts': 'v' });
    const before = hash(['web', 'vite.config.ts'], base);
    fs.rmSync(path.join(base, 'vite.config.ts'));
    expect(hash(['web', 'vite.config.ts'], base)).not.toBe(before);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tightenDataDir } from './data-dir.ts';

let dir = '';
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const mode = (p: string) => fs.lstatSync(p).mode & 0o7777;

describe('tightenDataDir', () => {
  it('leaves directories 0700 and files 0600 (owner bits kept), and does not follow symbolic links', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-data-dir-'));
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(path.join(dir, 'db/base'), { recursive: true, mode: 0o777 });
    fs.chmodSync(path.join(dir, 'db'), 0o755);
    fs.chmodSync(path.join(dir, 'db/base'), 0o777);
    fs.writeFileSync(path.join(dir, 'db/base/1'), 'x', { mode: 0o666 });
    fs.chmodSync(path.join(dir, 'db/base/1'), 0o666);
    fs.writeFileSync(path.join(dir, 'secret'), 'y');
    fs.chmodSync(path.join(dir, 'secret'), 0o644);
    fs.writeFileSync(path.join(dir, 'ok'), 'z');
    fs.chmodSync(path.join(dir, 'ok'), 0o400);
    const outside = path.join(os.tmpdir(), `atlas-data-dir-outside-${process.pid}`);
    fs.writeFileSync(outside, 'o');
    fs.chmodSync(outside, 0o644);
    fs.symlinkSync(outside, path.join(dir, 'link'));
    try {
      expect(await tightenDataDir(dir)).toBe(5);
      expect(mode(dir)).toBe(0o700);
      expect(mode(path.join(dir, 'db'))).toBe(0o700);
      expect(mode(path.join(dir, 'db/base'))).toBe(0o700);
      expect(mode(path.join(dir, 'db/base/1'))).toBe(0o600);
      expect(mode(path.join(dir, 'secret'))).toBe(0o600);
      expect(mode(path.join(dir, 'ok'))).toBe(0o400);
      expect(mode(outside)).toBe(0o644);
      expect(await tightenDataDir(dir)).toBe(0);
    } finally {
      fs.rmSync(outside, { force: true });
    }
  });

  it('accepts a DATA_DIR that does not exist (nothing stored locally)', async () => {
    dir = path.join(os.tmpdir(), `atlas-data-dir-missing-${process.pid}`);
    expect(await tightenDataDir(dir)).toBe(0);
  });
});

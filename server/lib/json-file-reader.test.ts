import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonFileReader } from './json-file-reader.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('jsonFileReader', () => {
  it('answers undefined without a file, and for a missing or unreadable one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-json-'));
    dirs.push(dir);
    expect(jsonFileReader(undefined)()).toBeUndefined();
    const file = path.join(dir, 'a.json');
    const read = jsonFileReader<{ n: number }>(file);
    expect(read()).toBeUndefined();
    fs.writeFileSync(file, '{ not json');
    expect(read()).toBeUndefined();
  });

  it('keeps the parsed value until the file changes, then reads it again', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-json-'));
    dirs.push(dir);
    const file = path.join(dir, 'a.json');
    fs.writeFileSync(file, '{"n":1}');
    const read = jsonFileReader<{ n: number }>(file);
    const first = read();
    expect(first).toEqual({ n: 1 });
    expect(read()).toBe(first);
    fs.writeFileSync(file, '{"n":2}');
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(file, later, later);
    expect(read()).toEqual({ n: 2 });
  });
});

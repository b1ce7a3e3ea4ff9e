import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configVariables } from './config.ts';
import { declaredVariables } from './config/readme-table.ts';

const read = (relative: string) => fs.readFileSync(new URL(relative, import.meta.url), 'utf8');

describe('example.env', () => {
  it('names every variable the server reads, and the web build’s VITE_ ones, each once and no other', () => {
    const listed = [...read('../example.env').matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    // Read by Vite when the web app is built (web/src/vite-env.d.ts declares them).
    const buildTime = [...read('../web/src/vite-env.d.ts').matchAll(/readonly (VITE_[A-Z0-9_]+)\??:/g)].map(
      (m) => m[1]!,
    );
    expect(new Set(listed).size, 'a variable is listed twice').toBe(listed.length);
    expect([...listed].sort()).toEqual([...new Set([...configVariables, ...buildTime])].sort());
  });

  it("shows each variable's default as the server declares it (empty when it has none)", () => {
    const shown = new Map(
      [...read('../example.env').matchAll(/^#\s*([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [
        m[1]!,
        m[2]!.trim(),
      ]),
    );
    for (const { name, doc } of declaredVariables()) {
      expect(shown.get(name), name).toBe(doc.default ?? '');
    }
  });

  it('changes nothing when copied to .env as it is: every setting is commented out', () => {
    expect(read('../example.env').match(/^[A-Z][A-Z0-9_]*=/gm)).toBeNull();
  });
});

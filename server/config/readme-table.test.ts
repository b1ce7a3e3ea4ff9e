import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configAreas, configVariables } from '../config.ts';
import { configTableRows, declaredVariables, readmeTableRows } from './readme-table.ts';

const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe("README.md's configuration table", () => {
  it('is the one the declarations in server/config/ make (run `npm run config:readme` after changing one)', () => {
    expect(readmeTableRows(readme)).toEqual(configTableRows());
  });

  it('shows a documented default that starts with the real one', () => {
    for (const { name, doc } of declaredVariables()) {
      if (doc.default !== undefined && doc.shown !== undefined) {
        expect(doc.shown.startsWith(`\`${doc.default}\``), name).toBe(true);
      }
    }
  });

  it("lists the VITE_ variables the server reads in the build-time table, with the web build's", () => {
    const buildTable = readme.slice(readme.indexOf('Build-time (read by Vite'));
    for (const { name } of declaredVariables().filter((v) => v.doc.buildTime)) {
      expect(buildTable, name).toMatch(new RegExp(`^\\| \`${name}\` +\\|`, 'm'));
    }
  });
});

describe('declarations', () => {
  it('declare each variable in one area only', () => {
    expect(new Set(configVariables).size).toBe(configVariables.length);
  });

  it('are what other areas read, not copies of them', () => {
    const declared = new Map(declaredVariables().map((v) => [v.name, v.schema]));
    for (const a of configAreas) {
      for (const [name, schema] of Object.entries(a.reads)) {
        expect(declared.get(name), `${name} is read but not declared as it is`).toBe(schema);
      }
    }
  });
});

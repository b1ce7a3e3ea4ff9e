import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  isReplaceableUseId,
  MANTINE_USE_ID_MODULE,
  mantineStableIds,
  STABLE_USE_ID_SOURCE,
} from './mantine-stable-ids.ts';

/** The installed module the build replaces. */
const installed = fileURLToPath(
  new URL('../node_modules/@mantine/hooks/esm/use-id/use-id.mjs', import.meta.url),
);

type Load = (id: string) => string | null;
const load = mantineStableIds().load as unknown as Load;

describe("the build's Mantine useId", () => {
  it('replaces the installed module, which still sets a random id after mounting', () => {
    expect(MANTINE_USE_ID_MODULE.test(installed)).toBe(true);
    expect(isReplaceableUseId(fs.readFileSync(installed, 'utf8'))).toBe(true);
    expect(load(installed)).toBe(STABLE_USE_ID_SOURCE);
    expect(load(`${installed}?v=123`)).toBe(STABLE_USE_ID_SOURCE);
  });

  it('leaves every other module alone', () => {
    expect(load(installed.replace('use-id.mjs', 'use-id.d.ts'))).toBeNull();
    expect(load('/app/web/src/lib/use-id.mjs')).toBeNull();
  });

  it("keeps the id Mantine starts from (React's, without colons), the same in every render, and a given id", async () => {
    // The replacement as the build sees it: a module beside React in node_modules.
    const dir = fileURLToPath(new URL('../node_modules/.cache/mantine-stable-ids-test/', import.meta.url));
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `use-id-${process.pid}.mjs`);
    fs.writeFileSync(file, STABLE_USE_ID_SOURCE);
    try {
      const { useId } = (await import(pathToFileURL(file).href)) as { useId: (staticId?: string) => string };
      const Ids = () => createElement('p', null, `${useId()} ${useId('given')}`);
      const html = renderToString(createElement(Ids));
      expect(html).toMatch(/^<p>mantine-[^\s:]+ given<\/p>$/);
      expect(renderToString(createElement(Ids))).toBe(html);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it('stops the build when Mantine changes the module', () => {
    const dir = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'mantine-'));
    const changed = path.join(dir, 'node_modules/@mantine/hooks/esm/use-id/use-id.mjs');
    fs.mkdirSync(path.dirname(changed), { recursive: true });
    fs.writeFileSync(changed, 'export function useId() { return "x"; }\n');
    try {
      expect(() => load(changed)).toThrow(/look at it again/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

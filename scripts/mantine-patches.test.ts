import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MANTINE_PATCHES, mantinePatches, STABLE_USE_ID_SOURCE } from './mantine-patches.ts';

const installed = (file: string) => fileURLToPath(new URL(`../node_modules/${file}`, import.meta.url));
/** The installed modules the build patches. */
const USE_ID = installed('@mantine/hooks/esm/use-id/use-id.mjs');
const DEFAULT_VARIABLES = installed(
  '@mantine/core/esm/core/MantineProvider/MantineCssVariables/remove-default-variables.mjs',
);

type Load = (id: string) => string | null;
const load = mantinePatches().load as unknown as Load;

/** Imports module source as the build would see it: a module in node_modules, beside React and Mantine. */
async function importSource<M>(source: string, beside: string): Promise<M> {
  const file = path.join(path.dirname(beside), `patched-${process.pid}-${Date.now()}.mjs`);
  fs.writeFileSync(file, source);
  try {
    return (await import(pathToFileURL(file).href)) as M;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe("the build's patches of Mantine", () => {
  it('apply to the installed modules, and to no other', () => {
    expect(MANTINE_PATCHES.useId.applies(fs.readFileSync(USE_ID, 'utf8'))).toBe(true);
    expect(MANTINE_PATCHES.lazyDefaultVariables.applies(fs.readFileSync(DEFAULT_VARIABLES, 'utf8'))).toBe(
      true,
    );
    expect(load(USE_ID)).toBe(STABLE_USE_ID_SOURCE);
    expect(load(`${USE_ID}?v=123`)).toBe(STABLE_USE_ID_SOURCE);
    expect(load(DEFAULT_VARIABLES)).toContain('defaultCssVariables ??=');
    expect(load(USE_ID.replace('use-id.mjs', 'use-id.d.ts'))).toBeNull();
    expect(load('/app/web/src/lib/use-id.mjs')).toBeNull();
  });

  it("keep Mantine's first id (React's, without colons), the same in every render, and a given id", async () => {
    const { useId } = await importSource<{ useId: (staticId?: string) => string }>(
      STABLE_USE_ID_SOURCE,
      USE_ID,
    );
    const Ids = () => createElement('p', null, `${useId()} ${useId('given')}`);
    const html = renderToString(createElement(Ids));
    expect(html).toMatch(/^<p>mantine-[^\s:]+ given<\/p>$/);
    expect(renderToString(createElement(Ids))).toBe(html);
  });

  it('compute the default variables when first deduplicating, with the same result as before', async () => {
    type Module = { removeDefaultVariables: (input: Record<string, Record<string, string>>) => unknown };
    const patched = await importSource<Module>(load(DEFAULT_VARIABLES)!, DEFAULT_VARIABLES);
    const original = await importSource<Module>(
      fs.readFileSync(DEFAULT_VARIABLES, 'utf8'),
      DEFAULT_VARIABLES,
    );
    const input = {
      variables: { '--mantine-scale': '1', '--x': 'y' },
      light: { '--mantine-color-dimmed': 'red' },
      dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-2)' },
    };
    expect(patched.removeDefaultVariables(input)).toEqual(original.removeDefaultVariables(input));
    expect(patched.removeDefaultVariables(input)).toEqual({
      variables: { '--x': 'y' },
      light: { '--mantine-color-dimmed': 'red' },
      dark: {},
    });
  });

  it('stop the build when Mantine changes a module', () => {
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

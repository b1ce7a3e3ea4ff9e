import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const webSrc = path.join(here, '..');
const stylesDir = path.join(here, '..', '..', '..', 'node_modules', '@mantine', 'core', 'styles');

/** The component names of mantine.css's @imports, in order. */
function listed(): string[] {
  const css = fs.readFileSync(path.join(here, 'mantine.css'), 'utf8');
  return [...css.matchAll(/@import '@mantine\/core\/styles\/([\w-]+)\.css';/g)].map((m) => m[1]!);
}

/** Every value imported from '@mantine/core' by the app's source files. */
function importedComponents(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
        const code = fs.readFileSync(full, 'utf8');
        for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
          for (const spec of m[1]!.split(',')) {
            const name = spec.trim().split(/\s+as\s+/)[0]!;
            if (name && !name.startsWith('type ')) names.add(name);
          }
        }
      }
    }
  };
  walk(webSrc);
  return names;
}

const esmDir = path.join(stylesDir, '..', 'esm');

/**
 * The styles every module reached from `names` uses: the module graph of @mantine/core's ESM build
 * followed from each name's module, each `X.module.mjs` met meaning styles/X.css. Catches the
 * styles of parts a component draws inside (Checkbox draws InlineInput, whose CSS sets the label
 * beside the box: without it the labels fell below their boxes).
 */
function reachedStyles(names: Iterable<string>): Set<string> {
  const index = fs.readFileSync(path.join(esmDir, 'index.mjs'), 'utf8');
  const moduleOf = new Map<string, string>();
  for (const m of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const spec of m[1]!.split(',')) moduleOf.set(spec.trim().split(/\s+as\s+/)[0]!, m[2]!);
  }
  const seen = new Set<string>();
  const styles = new Set<string>();
  const queue = [...names].flatMap((name) => {
    const rel = moduleOf.get(name);
    return rel ? [path.join(esmDir, rel)] : [];
  });
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const base = path.basename(file);
    if (base.endsWith('.module.mjs')) styles.add(base.slice(0, -'.module.mjs'.length));
    const code = fs.readFileSync(file, 'utf8');
    for (const m of code.matchAll(/from\s*"(\.[^"]+)"/g)) queue.push(path.join(path.dirname(file), m[1]!));
  }
  return styles;
}

describe('mantine.css (only the styles of the components the app uses)', () => {
  it('lists the styles of every component the app imports from @mantine/core', () => {
    const names = new Set(listed());
    const missing = [...importedComponents()].filter(
      (name) => fs.existsSync(path.join(stylesDir, `${name}.css`)) && !names.has(name),
    );
    expect(missing).toEqual([]);
  });

  it('lists the styles of the parts those components draw inside them', () => {
    // Reached as statics of Checkbox (Checkbox.Card, Checkbox.Indicator), which the app never draws.
    const notDrawn = ['CheckboxCard', 'CheckboxIndicator'];
    const names = new Set([...listed(), ...notDrawn]);
    const missing = [...reachedStyles(importedComponents())].filter(
      (name) => fs.existsSync(path.join(stylesDir, `${name}.css`)) && !names.has(name),
    );
    expect(missing).toEqual([]);
  });

  it("keeps @mantine/core/styles.css's order, so the cascade is the same", () => {
    const all = fs.readFileSync(path.join(stylesDir, '..', 'styles.css'), 'utf8');
    const at = listed().map((name) => {
      const css = fs.readFileSync(path.join(stylesDir, `${name}.css`), 'utf8').trim();
      return all.indexOf(css.slice(0, 300));
    });
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });
});

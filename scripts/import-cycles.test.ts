import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-cycles.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('import cycles, type-only imports included', () => {
  it('server/, domain/ and web/src import without a cycle', () => {
    const graph = importGraph(root, ['server', 'domain', 'web/src']);
    expect(graph.size).toBeGreaterThan(100);
    expect(importCycles(graph)).toEqual([]);
  });

  it('finds cycles through value and type-only imports, not through a lazy import()', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-cycles-'));
    try {
      fs.mkdirSync(path.join(dir, 'src'));
      const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, 'src', name), text);
      // a ↔ b through values.
      write('a.ts', "import { b } from './b.ts';\nexport const a = () => b;\n");
      write('b.ts', "export { a } from './a.ts';\nexport const b = 1;\n");
      // c ↔ d through types alone: `import type`, and `import()` in a type.
      write('c.tsx', "import type { D } from './d';\nexport type C = D[];\n");
      write('d.ts', "export type D = import('./c.tsx').C | string;\n");
      // e → f lazily, f → e: no cycle.
      write('e.ts', "export const load = () => import('./f.ts');\n");
      write('f.ts', "import { type load } from './e.ts';\nexport const f: typeof load | null = null;\n");
      const graph = importGraph(dir, ['src']);
      expect(importCycles(graph)).toEqual([
        ['src/a.ts', 'src/b.ts'],
        ['src/c.tsx', 'src/d.ts'],
      ]);
      expect(graph.get('src/e.ts')).toEqual([]);
      expect(graph.get('src/f.ts')).toEqual(['src/e.ts']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-cycles.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('runtime import cycles', () => {
  it('server/, domain/ and web/src load without a cycle', () => {
    const graph = importGraph(root, ['server', 'domain', 'web/src']);
    expect(graph.size).toBeGreaterThan(100);
    expect(importCycles(graph)).toEqual([]);
  });

  it('finds a cycle through a value import, not through `import type`', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-cycles-'));
    try {
      fs.mkdirSync(path.join(dir, 'src'));
      const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, 'src', name), text);
      write('a.ts', "import { b } from './b.ts';\nexport const a = () => b;\n");
      write('b.ts', "import { type A } from './c';\nexport { a } from './a.ts';\nexport const b = 1;\nexport type B = A;\n");
      write('c.tsx', "import type { b } from './b.ts';\nexport type A = typeof b;\n");
      write('d.ts', "import type { a } from './a.ts';\nexport const d: typeof a | null = null;\n");
      const cycles = importCycles(importGraph(dir, ['src']));
      expect(cycles).toEqual([['src/a.ts', 'src/b.ts']]);
      // `import { type A }` still loads the module (verbatimModuleSyntax): b → c is an edge, c → b is not.
      expect(importGraph(dir, ['src']).get('src/b.ts')).toEqual(['src/c.tsx', 'src/a.ts']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { lockDifferences } from './lighthouse-baseline.ts';

describe("the baseline's package-lock against this checkout's", () => {
  it('lists the top-level packages locked at another version or missing here, not nested ones', () => {
    const current = {
      packages: {
        '': { version: '0.3.0' },
        'node_modules/react': { version: '19.3.1' },
        'node_modules/vite': { version: '8.1.0' },
      },
    };
    const baseline = {
      packages: {
        '': { version: '0.1.0' },
        'node_modules/react': { version: '19.3.1' },
        'node_modules/vite': { version: '8.0.2' },
        'node_modules/@fastify/compress': { version: '9.2.0' },
        'node_modules/vite/node_modules/esbuild': { version: '0.25.0' },
      },
    };
    expect(lockDifferences(current, baseline)).toEqual([
      '@fastify/compress 9.2.0 (here missing)',
      'vite 8.0.2 (here 8.1.0)',
    ]);
  });
});

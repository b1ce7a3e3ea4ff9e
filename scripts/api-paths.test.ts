import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiPathLiterals, apiPathLiteralsIn, isProductionSource } from './api-paths.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('/api path literals (endpoints described once, in domain/endpoints)', () => {
  it('server/, domain/ and web/src spell no /api path outside the endpoint description', () => {
    expect(apiPathLiteralsIn(root, ['server', 'domain', 'web/src'])).toEqual([]);
  });

  it("finds '/api…' in strings, templates and regular expressions, not in comments or other words", () => {
    const text = [
      '/** GET /api/buildings/{id} */',
      "const a = '/api/buildings/';",
      'const b = `/api/users/${handle}/lists`;',
      "const c = { prefix: '/api' };",
      'const d = /^\\/api\\/uploads\\//;',
      "const e = `${base}/api?q=${q}`; // another service's path",
      "const f = 'docs/api.md';",
      '// fetch("/api/old")',
      "const g = { text: 'searches (`GET /api/search`) per minute' }; // a setting's README prose",
    ].join('\n');
    expect(apiPathLiterals('x.ts', text).map((l) => l.line)).toEqual([2, 3, 4, 5]);
  });

  it('leaves tests and the description itself alone', () => {
    expect(isProductionSource('server/modules/lists/lists.routes.ts')).toBe(true);
    expect(isProductionSource('web/src/lib/faceplate.ts')).toBe(true);
    expect(isProductionSource('server/modules/lists/lists.test.ts')).toBe(false);
    expect(isProductionSource('web/src/features/x/y.test.tsx')).toBe(false);
    expect(isProductionSource('server/test/test-app.ts')).toBe(false);
    expect(isProductionSource('domain/endpoints/lists.ts')).toBe(false);
  });
});

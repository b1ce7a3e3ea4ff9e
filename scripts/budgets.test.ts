import { describe, expect, it } from 'vitest';
import { checkBudgets, type Manifest, type RouteBudget } from './budgets.ts';

const KB = 1024;
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/gallery.tsx', 'src/explore-map.tsx'],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  'src/gallery.tsx': { file: 'assets/gallery.js', isDynamicEntry: true, imports: ['_vendor.js'] },
  'src/bad.tsx': { file: 'assets/bad.js', isDynamicEntry: true, imports: ['_maplibre.js'] },
  'src/explore-map.tsx': {
    file: 'assets/explore-map.js',
    isDynamicEntry: true,
    imports: ['_maplibre.js'],
    css: ['assets/explore-map.css'],
  },
  '_maplibre.js': { file: 'assets/maplibre.js', css: ['assets/maplibre.css'] },
};
const sizes: Record<string, number> = {
  'assets/index.js': 50 * KB,
  'assets/vendor.js': 100 * KB,
  'assets/gallery.js': 20 * KB,
  'assets/bad.js': 1 * KB,
  'assets/explore-map.js': 5 * KB,
  'assets/maplibre.js': 240 * KB,
  'assets/index.css': 20 * KB,
  'assets/explore-map.css': 1 * KB,
  'assets/maplibre.css': 8 * KB,
};
const budget = (b: Partial<RouteBudget>): RouteBudget => ({
  route: '/x',
  modules: [],
  maxJsBytes: 200 * KB,
  maxCssBytes: 30 * KB,
  targetJsBytes: 200 * KB,
  targetCssBytes: 30 * KB,
  ...b,
});
const check = (b: Partial<RouteBudget>) => checkBudgets(manifest, [budget(b)], (f) => sizes[f]!)[0]!;

describe('route budgets', () => {
  it("counts a route's static chunks once, not the lazy map, and its CSS with the map's", () => {
    const r = check({ modules: ['src/gallery.tsx'], mapModules: ['src/explore-map.tsx'] });
    expect(r.jsBytes).toBe(170 * KB);
    expect(r.cssBytes).toBe(29 * KB);
    expect(r.problems).toEqual([]);
  });

  it('fails a route over its JavaScript or CSS budget', () => {
    expect(check({ modules: ['src/gallery.tsx'], maxJsBytes: 169 * KB }).problems).toEqual([
      'JavaScript 170.0 KB > 169.0 KB',
    ]);
    expect(check({ mapModules: ['src/explore-map.tsx'], maxCssBytes: 28 * KB }).problems).toEqual([
      'CSS 29.0 KB > 28.0 KB',
    ]);
  });

  it('fails a route that loads map code before its first paint', () => {
    const r = check({ modules: ['src/bad.tsx'], maxJsBytes: 1000 * KB, noMapCode: true });
    expect(r.problems).toEqual(['map code: assets/maplibre.js']);
  });

  it('names a module missing from the manifest', () => {
    expect(() => check({ modules: ['src/renamed.tsx'] })).toThrow(/not in the Vite manifest/);
  });
});

import { describe, expect, it } from 'vitest';
import { buildingPreload } from './prefetch.ts';
import { exploreMapModules } from '#domain/pages';
import { routePreloads } from './route-preloads.ts';

const manifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_vendor.js'], css: ['assets/index-1.css'] },
  '_vendor.js': { file: 'assets/vendor-1.js' },
  '_shared.js': { file: 'assets/shared-1.js', imports: ['_vendor.js'] },
  'src/app/routes/explore-route.tsx': {
    file: 'assets/explore-route-1.js',
    imports: ['_vendor.js', '_shared.js', 'index.html'],
    css: ['assets/explore-route-1.css'],
  },
  'src/app/routes/building-route.tsx': { file: 'assets/building-route-1.js', imports: ['_shared.js'] },
};
const page =
  '<script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-1.js"><link rel="stylesheet" crossorigin href="/assets/index-1.css">';

describe("a map page's route code, preloaded with it", () => {
  it('preloads the route modules and all they import, but not what the page already loads', () => {
    expect(routePreloads(manifest, exploreMapModules('/'), page)).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/explore-route-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/shared-1.js">' +
        '<link rel="preload" as="style" crossorigin href="/assets/explore-route-1.css">',
    );
    expect(routePreloads(manifest, exploreMapModules('/buildings/7'), page)).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/building-route-1.js">',
    );
    expect(exploreMapModules('/login')).toEqual(['src/app/routes/explore-route.tsx']);
    expect(routePreloads(undefined, exploreMapModules('/'), page)).toBe('');
  });

  it("preloads a building page's building with the credentials the app asks with", () => {
    expect(buildingPreload('/buildings/42')).toBe(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/buildings/42">',
    );
    expect(buildingPreload('/')).toBe('');
    expect(buildingPreload('/buildings/abc')).toBe('');
  });
});

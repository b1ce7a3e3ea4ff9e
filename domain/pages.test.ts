import { describe, expect, it } from 'vitest';
import {
  exploreMapModules,
  matchPattern,
  pages,
  pageTitles,
  routePath,
  showsExploreMap,
  userSectionHref,
  USER_SECTIONS,
  userSections,
} from './pages.ts';

describe('page titles', () => {
  it('name the page, then the site', () => {
    expect(pageTitles.site).toBe('Atlas of Buildings');
    expect(pageTitles.building('Casa Batlló')).toBe('Casa Batlló – Atlas of Buildings');
    expect(pageTitles.gallery('Casa Batlló')).toBe('Photos of Casa Batlló – Atlas of Buildings');
    expect(pageTitles.architect('Antoni Gaudí')).toBe('Antoni Gaudí – Atlas of Buildings');
    expect(pageTitles.user('ada')).toBe('ada – Atlas of Buildings');
    expect(pageTitles.about).toBe('About – Atlas of Buildings');
    expect(pageTitles.notFound).toBe('Not found – Atlas of Buildings');
  });
});

describe('page links (href)', () => {
  it('build the paths the router matches, with the query and fragment', () => {
    expect(pages.explore.href()).toBe('/');
    expect(pages.explore.href({ search: { standingInYear: 1935 } })).toBe('/?standingInYear=1935');
    expect(pages.explore.href({ search: { standingInYear: null } })).toBe('/');
    expect(pages.building.href({ id: 42 })).toBe('/buildings/42');
    expect(pages.building.href({ id: 42 }, { search: { standingInYear: -500 } })).toBe(
      '/buildings/42?standingInYear=-500',
    );
    expect(pages.gallery.href({ buildingId: 7 })).toBe('/gallery/7');
    expect(pages.architect.href({ id: 3 })).toBe('/architects/3');
    expect(pages.about.href({ hash: 'data' })).toBe('/about#data');
    expect(pages.login.href()).toBe('/login');
    expect(pages.user.href({ handle: 'ada' })).toBe('/user/ada');
    expect(userSectionHref('ada', 'lists')).toBe('/user/ada/lists');
  });

  it('round-trip: a link matches its pattern with the same parameters, odd characters included', () => {
    const handles = ['ada', 'a b', 'ä/ö?#%', 'x%20y', "o'neil&co", '名前'];
    for (const handle of handles) {
      const href = pages.user.href({ handle });
      expect(href.split('/')).toHaveLength(3);
      expect(matchPattern(pages.user.pattern, href), handle).toEqual({ handle });
      for (const section of userSections) {
        expect(matchPattern(pages.userSection.pattern, userSectionHref(handle, section))).toEqual({
          handle,
          section,
        });
      }
    }
    for (const id of [1, 42, 2_147_483_647]) {
      expect(matchPattern(pages.building.pattern, pages.building.href({ id }))).toEqual({ id: String(id) });
      expect(matchPattern(pages.gallery.pattern, pages.gallery.href({ buildingId: id }))).toEqual({
        buildingId: String(id),
      });
      expect(matchPattern(pages.architect.pattern, pages.architect.href({ id }))).toEqual({ id: String(id) });
    }
    for (const name of ['explore', 'about', 'login'] as const) {
      expect(matchPattern(pages[name].pattern, pages[name].href())).toEqual({});
    }
  });

  it('matches no other path, nor percent-encoding that does not decode', () => {
    expect(matchPattern(pages.building.pattern, '/buildings/')).toBeNull();
    expect(matchPattern(pages.building.pattern, '/buildings/1/x')).toBeNull();
    expect(matchPattern(pages.building.pattern, '/buildings/1/')).toEqual({ id: '1' });
    expect(matchPattern(pages.user.pattern, '/user/%E0%A4%A')).toBeNull();
    expect(matchPattern(pages.explore.pattern, '/about')).toBeNull();
  });
});

describe('the explore map pages', () => {
  it('are the explore, building and login pages and every path outside the other pages', () => {
    for (const path of ['/', '/login', '/buildings/1', '/somewhere', '/buildings/1/x'])
      expect(showsExploreMap(path), path).toBe(true);
    for (const path of ['/about', '/gallery/1', '/architects/2', '/user/ada', '/user/ada/lists/x'])
      expect(showsExploreMap(path), path).toBe(false);
    expect(exploreMapModules('/')).toEqual(['src/app/routes/explore-route.tsx']);
    expect(exploreMapModules('/buildings/7')).toEqual([
      'src/app/routes/explore-route.tsx',
      'src/app/routes/building-route.tsx',
    ]);
  });

  it('give the router its nested paths', () => {
    expect(routePath(pages.building.pattern)).toBe('buildings/:id');
    expect(routePath(`${pages.user.pattern}/lists`, pages.user.pattern)).toBe('lists');
    expect(() => routePath('/about', pages.user.pattern)).toThrow();
  });
});

describe('user sections', () => {
  it('are those with a route module', () => {
    expect([...userSections].sort()).toEqual(Object.keys(USER_SECTIONS).sort());
  });
});

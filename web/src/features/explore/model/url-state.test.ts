import { describe, expect, it } from 'vitest';
import { cameraOf, formatCamera, normalizeCamera, parseCamera, withCamera } from './camera-url.ts';
import { initialFiltersState } from './filters.ts';
import { exploreSearch, parseExploreView, sameFilters, type ExploreView } from './url-state.ts';

const NOW = new Date('2026-11-27T12:00:00Z');
const parse = (search: string) => parseExploreView(search, NOW);

const EXAMPLE =
  '?styles=3,7&builtAfter=1900&builtBefore=1950&standingInYear=1935&needsPhotos=1&map=12/48.8566/2.3522';
const EMPTY_EXPLORE_VIEW: ExploreView = { ...initialFiltersState, standingInYear: null };
const FULL: ExploreView = {
  selectedArchitecturalStyles: [3, 7],
  builtAfterDate: 1900,
  builtBeforeDate: 1950,
  endYearTouched: true,
  standingInYear: 1935,
  needsPhotos: true,
};
const view = (v: Partial<ExploreView>): ExploreView => ({ ...EMPTY_EXPLORE_VIEW, ...v });
const PARIS = { zoom: 12, lat: 48.8566, lng: 2.3522 };

describe('the explore filters in the URL', () => {
  it('reads the documented example', () => {
    expect(parse(EXAMPLE)).toEqual(FULL);
    expect(cameraOf(EXAMPLE)).toEqual(PARIS);
  });

  it('writes one canonical, readable form: commas and slashes unescaped, in a fixed order', () => {
    expect(exploreSearch(FULL, '?map=12/48.8566/2.3522')).toBe(EXAMPLE);
    expect(exploreSearch(FULL, '', '12/48.8566/2.3522')).toBe(EXAMPLE);
    expect(exploreSearch(EMPTY_EXPLORE_VIEW)).toBe('');
    expect(exploreSearch(view({ needsPhotos: true }))).toBe('?needsPhotos=1');
    // Styles as the filter bar leaves them (in the order picked) are written ascending, each once.
    expect(exploreSearch(view({ selectedArchitecturalStyles: [9, 2, 9] }))).toBe('?styles=2,9');
  });

  it('round-trips: what is written reads back to the same view', () => {
    const views: ExploreView[] = [
      FULL,
      EMPTY_EXPLORE_VIEW,
      view({
        selectedArchitecturalStyles: [12],
        builtAfterDate: -500,
        builtBeforeDate: 0,
        endYearTouched: true,
      }),
      view({ standingInYear: -10000 }),
      view({ builtBeforeDate: 2026, endYearTouched: true, needsPhotos: true }),
    ];
    for (const view of views) {
      const written = exploreSearch(view);
      expect(parse(written), written).toEqual(view);
      // And writing what was read gives the same text again.
      expect(exploreSearch(parse(written), written)).toBe(written);
    }
  });

  it('reads percent-encoded commas and slashes too (a link through a mail client)', () => {
    const encoded = '?styles=3%2C7&map=12%2F48.8566%2F2.3522';
    expect(parse(encoded).selectedArchitecturalStyles).toEqual([3, 7]);
    expect(cameraOf(encoded)).toEqual(PARIS);
    // Written back in the readable form.
    expect(exploreSearch(parse(encoded), encoded)).toBe('?styles=3,7&map=12/48.8566/2.3522');
  });

  it("keeps the query parameters that are not the view's before its own, and the map's last", () => {
    expect(exploreSearch(FULL, '?map=12/48.8566/2.3522&utm_source=mail&styles=1')).toBe(
      `?utm_source=mail&${EXAMPLE.slice(1)}`,
    );
    expect(exploreSearch(EMPTY_EXPLORE_VIEW, 'a=1&needsPhotos=1')).toBe('?a=1');
  });

  it('ignores values that cannot be read, keeping the rest', () => {
    expect(
      parse('?styles=abc&builtAfter=19x0&builtBefore=&standingInYear=soon&needsPhotos=yes&map=12/abc/2'),
    ).toEqual(EMPTY_EXPLORE_VIEW);
    expect(parse('?styles=x&builtAfter=1900').builtAfterDate).toBe(1900);
    // Style ids: the readable ones, each once, ascending; zero, negatives and parts with text dropped.
    expect(parse('?styles=7,,3,x,7,0,-2,3.5,12').selectedArchitecturalStyles).toEqual([3, 7, 12]);
    expect(parse('?styles=99999999999').selectedArchitecturalStyles).toEqual([]);
    expect(parse('?needsPhotos=true').needsPhotos).toBe(true);
    expect(parse('?needsPhotos=0').needsPhotos).toBe(false);
    // A year in time outside -10000..now is no filter (the time slider's rule).
    expect(parse('?standingInYear=3000').standingInYear).toBeNull();
  });

  it('clamps years into -10000..the current year and keeps the end at or after the start', () => {
    expect(parse('?builtAfter=-20000&builtBefore=99999')).toMatchObject({
      builtAfterDate: -10000,
      builtBeforeDate: 2026,
    });
    expect(parse('?builtAfter=1950&builtBefore=1900')).toMatchObject({
      builtAfterDate: 1950,
      builtBeforeDate: 1950,
    });
    expect(parse('?builtAfter=-0').builtAfterDate).toBe(0);
    // A start year alone: the end year is not one the user set (it follows the start, product §5).
    expect(parse('?builtAfter=1900')).toMatchObject({ builtBeforeDate: null, endYearTouched: false });
  });
});

describe("the map's position in the URL", () => {
  it('needs exactly three numbers', () => {
    for (const map of ['12/48', '12/48/2/1', '//', 'Infinity/1/2', '12/1e3/2', '12/abc/2', '']) {
      expect(parseCamera(map), map).toBeNull();
    }
    expect(parseCamera(null)).toBeNull();
    expect(cameraOf('?styles=3')).toBeNull();
  });

  it('clamps the zoom and latitude and wraps the longitude', () => {
    expect(parseCamera('30/89/190')).toEqual({ zoom: 22, lat: 85.0511, lng: -170 });
    expect(parseCamera('-3/-95/-540')).toEqual({ zoom: 0, lat: -85.05, lng: -180 });
    expect(parseCamera('5/10/180')).toEqual({ zoom: 5, lat: 10, lng: 180 });
    expect(parseCamera('5/10/-180')).toEqual({ zoom: 5, lat: 10, lng: -180 });
  });

  it('rounds coordinates to about a screen pixel at the zoom', () => {
    expect(formatCamera({ zoom: 12.3456, lat: 48.856613, lng: 2.352222 })).toBe('12.35/48.8566/2.3522');
    expect(formatCamera({ zoom: 3, lat: 40.123456, lng: -0.000001 })).toBe('3/40.12/0');
    expect(formatCamera({ zoom: 18, lat: 40.1234567, lng: 2.1234567 })).toBe('18/40.123457/2.123457');
    expect(normalizeCamera({ zoom: 12, lat: 1, lng: 2 })).toEqual({ zoom: 12, lat: 1, lng: 2 });
  });

  it('round-trips a position through the URL, the filters kept', () => {
    for (const camera of [
      PARIS,
      { zoom: 0, lat: -85.05, lng: -180 },
      { zoom: 16.25, lat: 40.71234, lng: -74.00601 },
    ]) {
      const search = withCamera('?needsPhotos=1&styles=7', camera);
      expect(cameraOf(search)).toEqual(camera);
      expect(parse(search)).toEqual(view({ selectedArchitecturalStyles: [7], needsPhotos: true }));
    }
    expect(withCamera('', PARIS)).toBe('?map=12/48.8566/2.3522');
  });
});

describe('the filter bar and the URL', () => {
  it('is the filter bar state: nothing set reads as the initial state', () => {
    expect(parse('')).toEqual(EMPTY_EXPLORE_VIEW);
    expect(parse('?utm_source=x')).toEqual(EMPTY_EXPLORE_VIEW);
  });

  it('tells a change of filters from no change', () => {
    expect(sameFilters(FULL, { ...FULL })).toBe(true);
    // The order styles were picked in and whether the end year was typed filter nothing.
    expect(sameFilters(FULL, { ...FULL, selectedArchitecturalStyles: [7, 3], endYearTouched: false })).toBe(
      true,
    );
    expect(sameFilters(FULL, { ...FULL, needsPhotos: false })).toBe(false);
    expect(sameFilters(FULL, { ...FULL, selectedArchitecturalStyles: [3] })).toBe(false);
    expect(sameFilters(FULL, { ...FULL, standingInYear: null })).toBe(false);
    expect(sameFilters(FULL, { ...FULL, builtAfterDate: 1901 })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { BUILDINGS_PER_PAGE_DEFAULT } from '#domain/constants';
import { queryString } from '#domain/endpoints/define';
import { DEFAULT_FETCH_BOUNDS } from '../model/bounds.ts';
import { buildingFiltersOf, initialFiltersState } from '../model/filters.ts';
import { buildingsListQuery } from './get-buildings.ts';

/** The query string the card list asks with. */
const search = (params: Parameters<typeof buildingsListQuery>[0]) => queryString(buildingsListQuery(params));

describe('buildingsListQuery (the card list takes the map filters plus a page)', () => {
  it('sends the bounds, the filters that are set, the page and the page size', () => {
    expect(
      search({
        north: 50,
        south: 40,
        east: 10,
        west: 0,
        builtAfterDate: 1900,
        builtBeforeDate: 2000,
        archStyles: [2, 5],
        page: 3,
        perPage: 20,
      }),
    ).toBe(
      'north=50&south=40&east=10&west=0&builtAfterDate=1900&builtBeforeDate=2000&archStyles=2%2C5&page=3&per_page=20',
    );
  });

  it("asks for the nearest first ('Near me' order): the server measures from the viewport's centre", () => {
    expect(search({ north: 1, south: 0, east: 1, west: 0, page: 1, perPage: 10, sortBy: 'distance' })).toBe(
      'north=1&south=0&east=1&west=0&sort_by=distance&page=1&per_page=10',
    );
  });

  it('leaves out filters that are not set', () => {
    expect(search({ north: 1, south: 0, east: 1, west: 0, page: 1, perPage: 10 })).toBe(
      'north=1&south=0&east=1&west=0&page=1&per_page=10',
    );
  });
});

describe("the start view's first card page", () => {
  it('is asked for with the query the server sends its answer under (server/modules/pages/prefetch.ts)', () => {
    const start = search({
      ...DEFAULT_FETCH_BOUNDS,
      ...buildingFiltersOf(initialFiltersState),
      standingInYear: null,
      page: 1,
      perPage: BUILDINGS_PER_PAGE_DEFAULT,
    });
    // The same string as pages.test.ts expects of startCardsUrl(): else the page's copy goes unused.
    expect(start).toBe('north=85&south=-85&east=180&west=-180&page=1&per_page=20');
  });
});

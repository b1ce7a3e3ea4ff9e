import { describe, expect, it } from 'vitest';
import { queryString } from '#domain/endpoints/define';
import { imageListQuery } from './get-images.ts';

describe('imageListQuery (GET /api/images/infinite-scroll: only set values are sent)', () => {
  it("asks a building's gallery by building, sort and order, every type when none is picked", () => {
    const query = imageListQuery({
      scope: { kind: 'building', buildingId: 5 },
      query: { sortBy: 'date_added', sortOrder: 'desc', imageTypes: [] },
      page: 1,
    });
    expect(queryString(query)).toBe('page=1&per_page=10&buildingId=5&sortBy=date_added&sortOrder=desc');
  });

  it("asks a user's voted images by handle and face, with the picked types comma-joined", () => {
    const query = imageListQuery({
      scope: { kind: 'voted', userHandle: 'ada' },
      query: {
        sortBy: 'vote_date',
        sortOrder: 'asc',
        imageTypes: ['exterior', 'plans'],
        userVoteType: 'smile',
      },
      page: 2,
      perPage: 20,
    });
    expect(queryString(query)).toBe(
      'page=2&per_page=20&userHandle=ada&userVoteType=smile&sortBy=vote_date&sortOrder=asc&imageTypes=exterior%2Cplans',
    );
  });

  it('leaves the face out when any vote will do', () => {
    const query = imageListQuery({
      scope: { kind: 'voted', userHandle: 'ada' },
      query: { sortBy: 'date_added', sortOrder: 'desc', imageTypes: [], userVoteType: null },
      page: 1,
    });
    expect(queryString(query)).toBe('page=1&per_page=10&userHandle=ada&sortBy=date_added&sortOrder=desc');
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuildingDetail } from '#domain/buildings';
import { buildingQueryOptions } from '../../features/buildings/api/get-building.ts';
import {
  json,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  stubBrowserApis,
  testUser,
} from '../../testing/render.tsx';
import { votesAndCommentsSlots } from './building-panel-slots.tsx';

const building = {
  id: 4,
  name: 'Test Hall',
  vote_stats: { net_votes: 0, upvotes: 0, meh_votes: 0, downvotes: 0 },
  user_vote: null,
} as unknown as BuildingDetail;

describe('building panel slots (spec 2: vote faces and comments on the building profile)', () => {
  beforeEach(() => {
    stubBrowserApis();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("a vote's answer is written into the building's cached detail", async () => {
    stubFetch({
      'POST /api/votes/building': () =>
        json({
          votable_type: 'building',
          votable_id: 4,
          vote_stats: { net_votes: 1, upvotes: 1, meh_votes: 0, downvotes: 0 },
          user_vote: 1,
        }),
    });
    const queryClient = queryClientSignedIn(testUser);
    const key = buildingQueryOptions(4).queryKey;
    queryClient.setQueryData(key, building);
    renderWithProviders(<>{votesAndCommentsSlots.votes?.(building)}</>, { queryClient });
    fireEvent.click(screen.getByRole('button', { name: /^Smile/ }));
    await waitFor(() =>
      expect(queryClient.getQueryData(key)).toMatchObject({
        vote_stats: { upvotes: 1, net_votes: 1 },
        user_vote: 1,
      }),
    );
  });

  it("the comments slot lists the building's comments", async () => {
    const { calls } = stubFetch({
      'GET /api/comments/building/4': () => json({ items: [], page: 1, pages: 0 }),
    });
    renderWithProviders(<>{votesAndCommentsSlots.comments?.(building)}</>);
    expect(await screen.findByRole('heading', { name: 'Comments' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/comments/building/4?'))).toBe(true));
  });
});

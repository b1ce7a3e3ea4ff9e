// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuildingCard, BuildingList } from '#domain/building-list';
import type { BuildingDetail } from '#domain/building-detail';
import { buildingQueryOptions } from '../../features/buildings/api/get-building.ts';
import {
  json,
  problem,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  stubBrowserApis,
  testUser,
} from '../../testing/render.tsx';
import { buildingKeys } from '../../lib/query-keys.ts';
import { votesAndCommentsSlots } from './building-panel-slots.tsx';

const building = {
  id: 4,
  name: 'Test Hall',
  vote_stats: { net_votes: 0, upvotes: 0, meh_votes: 0, downvotes: 0 },
  user_vote: null,
} as unknown as BuildingDetail;

describe('building panel slots (product §2: vote faces and comments on the building profile)', () => {
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

  it("the vote reaches the building's card in the cached explore list at once, then the answer", async () => {
    const pending: { answer?: (r: Response) => void } = {};
    stubFetch({
      'POST /api/votes/building': () => new Promise<Response>((resolve) => (pending.answer = resolve)),
    });
    const queryClient = queryClientSignedIn(testUser);
    queryClient.setQueryData(buildingQueryOptions(4).queryKey, building);
    const listKey = buildingKeys.list({ north: 1, south: 0, east: 1, west: 0, page: 1, perPage: 20 });
    const card = { id: 4, name: 'Test Hall', vote_stats: building.vote_stats } as unknown as BuildingCard;
    const other = { ...card, id: 5, name: 'Other' };
    queryClient.setQueryData<BuildingList>(listKey, {
      items: [card, other],
      total: 2,
      total_exact: true,
      page: 1,
      per_page: 20,
      pages: 1,
    });
    renderWithProviders(<>{votesAndCommentsSlots.votes?.(building)}</>, { queryClient });
    fireEvent.click(screen.getByRole('button', { name: /^Smile/ }));
    // Optimistic: the card moves before the server answers.
    expect(queryClient.getQueryData<BuildingList>(listKey)?.items[0]?.vote_stats).toMatchObject({
      upvotes: 1,
    });
    await waitFor(() => expect(pending.answer).toBeDefined());
    pending.answer?.(
      json({
        votable_type: 'building',
        votable_id: 4,
        vote_stats: { net_votes: 3, upvotes: 3, meh_votes: 0, downvotes: 0 },
        user_vote: 1,
      }),
    );
    await waitFor(() =>
      expect(queryClient.getQueryData<BuildingList>(listKey)?.items[0]?.vote_stats).toMatchObject({
        upvotes: 3,
      }),
    );
    expect(queryClient.getQueryData<BuildingList>(listKey)?.items[1]).toBe(other);
  });

  it('a failed vote puts the previous counts back on the card and the detail (product §8: only logged)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ 'POST /api/votes/building': () => problem(500, 'Internal Server Error', 'x') });
    const queryClient = queryClientSignedIn(testUser);
    const key = buildingQueryOptions(4).queryKey;
    queryClient.setQueryData(key, building);
    const listKey = buildingKeys.list({ north: 1, south: 0, east: 1, west: 0, page: 1, perPage: 20 });
    const card = { id: 4, name: 'Test Hall', vote_stats: building.vote_stats } as unknown as BuildingCard;
    queryClient.setQueryData<BuildingList>(listKey, {
      items: [card],
      total: 1,
      total_exact: true,
      page: 1,
      per_page: 20,
      pages: 1,
    });
    renderWithProviders(<>{votesAndCommentsSlots.votes?.(building)}</>, { queryClient });
    fireEvent.click(screen.getByRole('button', { name: /^Frown/ }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(queryClient.getQueryData<BuildingList>(listKey)?.items[0]?.vote_stats).toEqual(
      building.vote_stats,
    );
    expect(queryClient.getQueryData(key)).toMatchObject({ vote_stats: building.vote_stats, user_vote: null });
    error.mockRestore();
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

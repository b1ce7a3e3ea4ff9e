// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuildingCard } from '#domain/building-list';
import {
  json,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  stubBrowserApis,
  stubMatchMedia,
  testUser,
} from '../../../testing/render.tsx';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import { RatedBuildings } from './rated-buildings.tsx';
import { UploadedBuildings } from './uploaded-buildings.tsx';

function card(id: number, name: string, extra: Partial<BuildingCard> = {}): BuildingCard {
  return {
    id,
    name,
    year_built: 1931,
    year_demolished: null,
    cover_image: null,
    vote_stats: { net_votes: 0, upvotes: 0, meh_votes: 0, downvotes: 0 },
    coordinates: [0, 0],
    ...extra,
  };
}

const page = (items: BuildingCard[], pageNo: number, pages: number) =>
  json({ items, total: items.length, page: pageNo, per_page: 12, pages });

const searchOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

describe('user page: uploaded buildings (product §2, Lists)', () => {
  beforeEach(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows 'No buildings uploaded.... yet!' when the user added none", async () => {
    stubFetch({ 'GET /api/buildings/': () => page([], 1, 0) });
    renderWithProviders(<UploadedBuildings handle="ada" />);
    expect(await screen.findByText('No buildings uploaded.... yet!')).toBeTruthy();
  });

  it("links each card to its building and loads more pages with 'Load more'", async () => {
    const { calls } = stubFetch({
      'GET /api/buildings/': (_init, url) =>
        searchOf(url).page === '1' ? page([card(1, 'Town Hall')], 1, 2) : page([card(2, 'Library')], 2, 2),
    });
    renderWithProviders(<UploadedBuildings handle="ada" />);
    const first = await screen.findByRole('link', { name: /^Town Hall/ });
    expect(first.getAttribute('href')).toBe('/buildings/1');
    expect(first.textContent).toContain('Built 1931');
    expect(searchOf(calls[0]?.url ?? '')).toMatchObject({ user_handle: 'ada', page: '1' });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /^Library/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('user page: rated buildings (product §2, Buildings)', () => {
  beforeEach(() => {
    stubBrowserApis();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('starts on Liked, newest votes first; the filter and the sort toggle ask again from page 1', async () => {
    const { calls } = stubFetch({
      'GET /api/buildings/': (_init, url) =>
        searchOf(url).vote_type === '1'
          ? page([card(1, 'Town Hall', { user_vote: 1, voted_at: new Date().toISOString() })], 1, 1)
          : page([], 1, 0),
    });
    renderWithProviders(<RatedBuildings handle="ada" />, { queryClient: queryClientSignedIn(testUser) });
    expect(await screen.findByRole('link', { name: /^Town Hall/ })).toBeTruthy();
    expect(searchOf(calls[0]?.url ?? '')).toEqual({
      vote_user_handle: 'ada',
      vote_type: '1',
      sort_by: 'vote_date',
      sort_order: 'desc',
      page: '1',
      per_page: '12',
    });

    fireEvent.click(screen.getByRole('radio', { name: 'Disliked' }));
    expect(await screen.findByText('No disliked buildings found.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Newest votes first' }));
    expect(await screen.findByRole('button', { name: 'Oldest votes first' })).toBeTruthy();
    await waitFor(() =>
      expect(searchOf(calls.at(-1)?.url ?? '')).toMatchObject({
        vote_type: '-1',
        sort_order: 'asc',
        page: '1',
      }),
    );
  });

  it("another user's rated buildings are private: a message, no request", async () => {
    const { calls } = stubFetch({});
    renderWithProviders(<RatedBuildings handle="bob" />, { queryClient: queryClientSignedIn(testUser) });
    expect(
      await screen.findByText('Rated buildings are private: only their owner can see them.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/buildings'))).toEqual([]);
  });
});

describe('user page buildings in French', () => {
  beforeEach(() => {
    stubBrowserApis();
    setCatalogue('fr', fr);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names the ratings, the order and the empty lists in French', async () => {
    stubFetch({
      'GET /api/buildings/': (_init, url) =>
        searchOf(url).vote_type === '1'
          ? page([card(1, 'Town Hall', { user_vote: 1, voted_at: new Date().toISOString() })], 1, 1)
          : page([], 1, 0),
    });
    renderWithProviders(<RatedBuildings handle="ada" />, { queryClient: queryClientSignedIn(testUser) });
    const link = await screen.findByRole('link', { name: /^Town Hall/ });
    expect(link.textContent).toContain('Voté il y a quelques secondes');
    expect(screen.getByRole('heading', { name: 'Bâtiments' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Je n’aime pas' }));
    expect(await screen.findByText('Aucun bâtiment que vous n’aimez pas.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Votes les plus récents d’abord' })).toBeTruthy();
  });

  it("says 'Aucun bâtiment ajouté… pour l’instant !' for a user who added none", async () => {
    stubFetch({ 'GET /api/buildings/': () => page([], 1, 0) });
    renderWithProviders(<UploadedBuildings handle="ada" />);
    expect(await screen.findByText('Aucun bâtiment ajouté… pour l’instant !')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bâtiments ajoutés' })).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { List, ListRoute, RouteStop } from '#domain/lists';
import { json, renderWithProviders, stubBrowserApis, stubFetch } from '../../../testing/render.tsx';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import { ListCard } from './list-card.tsx';

// WebGL does not exist in the test DOM (happy-dom): the map is tested in the browser journey.
vi.mock('./walking-tour-map.tsx', () => ({
  WalkingTourMap: ({ stops }: { stops: RouteStop[] }) => (
    <div data-testid="tour-map">{stops.map((s, i) => `${i + 1}:${s.name}`).join(' ')}</div>
  ),
}));

const list: List = {
  id: 5,
  name: 'Harbour walk',
  is_public: true,
  owner: { id: 1, handle: 'ada' },
  buildings: [
    { id: 11, name: 'Lighthouse' },
    { id: 12, name: 'Customs' },
    { id: 13, name: 'Pier' },
  ],
  created_at: '2026-11-27T00:00:00Z',
};

const stop = (id: number, name: string, leg: number): RouteStop => ({
  id,
  name,
  lng: 0,
  lat: 0,
  leg_meters: leg,
});

function routeAnswer(url: string) {
  const start = new URL(url, 'http://localhost').searchParams.get('start');
  const stops =
    start === '13'
      ? [stop(13, 'Pier', 0), stop(12, 'Customs', 800), stop(11, 'Lighthouse', 1500)]
      : [stop(11, 'Lighthouse', 0), stop(12, 'Customs', 1500), stop(13, 'Pier', 800)];
  const route: ListRoute = {
    list: { id: 5, name: 'Harbour walk', owner: { id: 1, handle: 'ada' } },
    stops,
    total_meters: 2300,
  };
  return json(route);
}

describe('walking tour of a list', () => {
  beforeEach(() => stubBrowserApis());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the stops in walking order, the total distance and the GPX link, and walks again from another start', async () => {
    const { calls } = stubFetch({ 'GET /api/lists/5/route': (_init, url) => routeAnswer(url) });
    renderWithProviders(<ListCard list={list} isOwner={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Walking tour of Harbour walk' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Walking tour: Harbour walk' },
      { timeout: 5000 },
    );
    const stops = await within(dialog).findByRole(
      'list',
      { name: 'Stops in walking order' },
      { timeout: 5000 },
    );
    expect(
      within(stops)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Lighthouse Start', 'Customs +1.5 km', 'Pier +800 m']);
    expect(within(dialog).getByText('Total distance: 2.3 km')).toBeTruthy();
    expect(within(dialog).getByTestId('tour-map').textContent).toBe('1:Lighthouse 2:Customs 3:Pier');
    expect(within(dialog).getByRole('link', { name: 'Download GPX' }).getAttribute('href')).toBe(
      '/api/lists/5/export?format=gpx',
    );

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Start from' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pier' }));
    await waitFor(
      () => expect(within(dialog).getByTestId('tour-map').textContent).toBe('1:Pier 2:Customs 3:Lighthouse'),
      { timeout: 5000 },
    );
    expect(new URL(calls.at(-1)!.url, 'http://localhost').searchParams.get('start')).toBe('13');
    expect(within(dialog).getByRole('link', { name: 'Download GPX' }).getAttribute('href')).toBe(
      '/api/lists/5/export?format=gpx&start=13',
    );
  });

  it('offers no walking tour for a list without buildings', () => {
    stubFetch({});
    renderWithProviders(<ListCard list={{ ...list, buildings: [] }} isOwner={false} />);
    expect(screen.queryByRole('button', { name: 'Walking tour of Harbour walk' })).toBeNull();
  });
});

describe('walking tour in French', () => {
  beforeEach(() => {
    stubBrowserApis();
    setCatalogue('fr', fr);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('titles the tour, marks the start and writes the distances in French', async () => {
    stubFetch({ 'GET /api/lists/5/route': (_init, url) => routeAnswer(url) });
    renderWithProviders(<ListCard list={list} isOwner={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Promenade de la liste Harbour walk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promenade : Harbour walk' }, { timeout: 5000 });
    const stops = await within(dialog).findByRole(
      'list',
      { name: 'Étapes dans l’ordre de la promenade' },
      { timeout: 5000 },
    );
    expect(
      within(stops)
        .getAllByRole('listitem')
        // French writes a no-break space between a number and its unit.
        .map((li) => li.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['Lighthouse Départ', 'Customs +1,5 km', 'Pier +800 m']);
    expect(within(dialog).getByTestId('walking-tour-total').textContent?.replace(/\s/g, ' ')).toBe(
      'Distance totale : 2,3 km',
    );
    expect(within(dialog).getByRole('link', { name: 'Télécharger le GPX' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Partir de' })).toBeTruthy();
  });
});

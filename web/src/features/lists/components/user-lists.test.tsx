// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { List } from '#domain/lists';
import * as toast from '../../../lib/toast/toast.ts';
import {
  json,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  stubMatchMedia,
  testUser,
} from '../../../testing/render.tsx';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import { UserLists } from './user-lists.tsx';

function list(id: number, name: string, isPublic: boolean, buildings: { id: number; name: string }[]): List {
  return {
    id,
    name,
    is_public: isPublic,
    owner: { id: testUser.id, handle: testUser.handle },
    buildings,
    created_at: '2026-11-01T00:00:00.000Z',
  };
}

const hall = { id: 5, name: 'Town Hall' };
const favourites = list(1, 'Favourites', false, [hall]);
const brutalism = list(2, 'Brutalism', true, []);

const isDisabled = (element: HTMLElement) =>
  element.hasAttribute('disabled') || element.getAttribute('data-disabled') === 'true';

describe('user page Lists (product §2, 4, 5, 6, 8)', () => {
  beforeEach(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('a visitor sees the lists and their building links, without any control', async () => {
    stubFetch({
      'GET /api/users/ada/lists': () => json({ items: [brutalism, { ...favourites, is_public: true }] }),
    });
    renderWithProviders(<UserLists handle="ada" />, {
      queryClient: queryClientSignedIn({ ...testUser, id: 99, handle: 'bob' }),
    });
    const card = await screen.findByRole('article', { name: 'List Favourites' });
    expect(
      within(card)
        .getByRole('link', { name: /^Town Hall/ })
        .getAttribute('href'),
    ).toBe('/buildings/5');
    expect(screen.queryByRole('button', { name: 'Create List' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete list/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  it('offers every list as a GeoJSON or CSV download, to a visitor as to the owner', async () => {
    stubFetch({ 'GET /api/users/ada/lists': () => json({ items: [brutalism] }) });
    renderWithProviders(<UserLists handle="ada" />);
    const card = await screen.findByRole('article', { name: 'List Brutalism' });
    fireEvent.click(within(card).getByRole('button', { name: 'Export list Brutalism' }));
    const geojson = await screen.findByRole('menuitem', { name: 'GeoJSON' });
    expect(geojson.getAttribute('href')).toBe('/api/lists/2/export?format=geojson');
    expect(geojson.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('menuitem', { name: 'CSV' }).getAttribute('href')).toBe(
      '/api/lists/2/export?format=csv',
    );
  });

  it('a visitor never sees a private list, even if one came back', async () => {
    stubFetch({ 'GET /api/users/ada/lists': () => json({ items: [favourites] }) });
    renderWithProviders(<UserLists handle="ada" />);
    expect(await screen.findByText('No public lists yet.')).toBeTruthy();
    expect(screen.queryByText('Favourites')).toBeNull();
  });

  it('the owner creates a list in a modal form (name, public flag)', async () => {
    const created = list(3, 'Bridges', false, []);
    const { calls } = stubFetch({
      'GET /api/users/ada/lists': () => json({ items: [] }),
      'POST /api/lists/': () => json(created, 201),
    });
    renderWithProviders(<UserLists handle="ada" />, { queryClient: queryClientSignedIn(testUser) });
    expect(await screen.findByText('You have no lists yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create List' });
    const create = within(dialog).getByRole('button', { name: 'Create List' });
    expect(isDisabled(create)).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'List name' }), {
      target: { value: 'Bridges' },
    });
    fireEvent.click(create);
    expect(await screen.findByRole('article', { name: 'List Bridges' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Bridges', is_public: false });
  });

  it('the owner toggles public/private', async () => {
    const { calls } = stubFetch({
      'GET /api/users/ada/lists': () => json({ items: [favourites] }),
      'PUT /api/lists/1': () => json({ ...favourites, is_public: true }),
    });
    renderWithProviders(<UserLists handle="ada" />, { queryClient: queryClientSignedIn(testUser) });
    const card = await screen.findByRole('article', { name: 'List Favourites' });
    const toggle = within(card).getByRole('switch', { name: 'Public' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ is_public: true });
  });

  it('the owner removes a building after a confirmation, with the toast of product §8', async () => {
    stubFetch({
      'GET /api/users/ada/lists': () => json({ items: [favourites] }),
      'DELETE /api/lists/1/buildings/5': () => json({ ...favourites, buildings: [] }),
    });
    const shown = vi.spyOn(toast, 'showToast');
    renderWithProviders(<UserLists handle="ada" />, { queryClient: queryClientSignedIn(testUser) });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Town Hall from Favourites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove building' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No buildings in this list yet.')).toBeTruthy();
    expect(shown).toHaveBeenCalledWith({
      message: 'Building "Town Hall" removed from list "Favourites"',
      type: 'success',
    });
  });

  it('the owner deletes a list after a confirmation saying it cannot be undone', async () => {
    const { calls } = stubFetch({
      'GET /api/users/ada/lists': () => json({ items: [favourites, brutalism] }),
      'DELETE /api/lists/2': () => new Response(null, { status: 204 }),
    });
    renderWithProviders(<UserLists handle="ada" />, { queryClient: queryClientSignedIn(testUser) });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete list Brutalism' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete list' });
    expect(within(dialog).getByText(/This cannot be undone\.$/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'List Brutalism' })).toBeNull());
    expect(screen.getByRole('article', { name: 'List Favourites' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/lists/2')).toBe(true);
  });
});

describe('user page Lists in French', () => {
  beforeEach(() => {
    stubMatchMedia();
    setCatalogue('fr', fr);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('names the lists, their controls and the delete question in French', async () => {
    stubFetch({ 'GET /api/users/ada/lists': () => json({ items: [favourites, brutalism] }) });
    renderWithProviders(<UserLists handle="ada" />, { queryClient: queryClientSignedIn(testUser) });
    expect(await screen.findByRole('heading', { name: 'Listes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Créer la liste' })).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Liste Brutalism' });
    expect(within(card).getByText('Aucun bâtiment dans cette liste pour l’instant.')).toBeTruthy();
    expect(within(card).getByRole('switch', { name: 'Publique' })).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Liste Favourites' })).getByRole('button', {
        name: 'Retirer Town Hall de Favourites',
      }),
    ).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Supprimer la liste Brutalism' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer la liste' });
    expect(
      within(dialog).getByText(
        'Voulez-vous vraiment supprimer la liste « Brutalism » ? Cette action est irréversible.',
      ),
    ).toBeTruthy();
  });
});

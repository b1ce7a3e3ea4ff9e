// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArchitectDetail } from '#domain/architects';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import {
  json,
  problem,
  queryClientSignedIn,
  renderWithProviders,
  stubBrowserApis,
  stubFetch,
  testUser,
} from '../../../testing/render.tsx';
import { ArchitectPage } from './architect-page.tsx';

// The map needs WebGL, which the test browser has not: a stand-in shows where it goes.
vi.mock('./architect-map.tsx', () => ({ ArchitectMap: () => <div data-testid="architect-map" /> }));

function detail(id: number, name: string, patch: Partial<ArchitectDetail> = {}): ArchitectDetail {
  return {
    id,
    name,
    total: 1,
    page: 1,
    per_page: 24,
    pages: 1,
    buildings: [
      { id: 7, name: 'Casa Batlló', year_built: 1904, coordinates: [2.16, 41.39], cover_image: null },
    ],
    ...patch,
  };
}

function Where() {
  return <p data-testid="where">{useLocation().pathname + useLocation().search}</p>;
}

function renderPage(path: string, user: typeof testUser | null = null) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/architects/:id" element={<PageAt />} />
      </Routes>
      <Where />
    </>,
    { path, queryClient: queryClientSignedIn(user) },
  );
}

function PageAt() {
  const id = Number(useLocation().pathname.split('/')[2]);
  return <ArchitectPage id={id} />;
}

describe('ArchitectPage', () => {
  beforeEach(() => stubBrowserApis());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows no moderator actions to a visitor or a user', async () => {
    stubFetch({ 'GET /api/architects/3': () => json(detail(3, 'Gaudí')) });
    renderPage('/architects/3', testUser);
    expect(await screen.findByRole('heading', { name: 'Gaudí' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit name' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Merge into…' })).toBeNull();
  });

  it('moves to the address of the architect a merged one leads to (the fetch followed the 301)', async () => {
    stubFetch({ 'GET /api/architects/3': () => json(detail(9, 'Antoni Gaudí')) });
    renderPage('/architects/3');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/architects/9'));
  });

  it('pages the works: Next asks for page 2', async () => {
    const { calls } = stubFetch({
      'GET /api/architects/3': (_init, url) =>
        json(detail(3, 'Gaudí', { total: 30, pages: 2, page: url.includes('page=2') ? 2 : 1 })),
    });
    renderPage('/architects/3');
    expect(await screen.findByText('30 buildings in the atlas')).toBeTruthy();
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/architects/3?page=2'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('page=2'))).toBe(true));
  });

  it('a moderator renames the architect; a name another architect has shows the server’s 409', async () => {
    let name = 'GAUDI 💩';
    const { calls } = stubFetch({
      'GET /api/architects/3': () => json(detail(3, name)),
      'PATCH /api/architects/3': (init) => {
        const body = JSON.parse(init?.body as string) as { name: string };
        if (body.name === 'Lluís')
          return problem(
            409,
            'Conflict',
            'Another architect, Lluís (4), has this name: merge the two instead.',
          );
        name = body.name;
        return json({ id: 3, name });
      },
    });
    renderPage('/architects/3', { ...testUser, role: 'moderator' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit name' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('textbox', { name: /Name/ });
    fireEvent.change(input, { target: { value: 'Lluís' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('merge the two instead');
    fireEvent.change(input, { target: { value: 'Antoni Gaudí' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('heading', { name: 'Antoni Gaudí' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { name: 'Lluís' },
      { name: 'Antoni Gaudí' },
    ]);
  });

  it('a moderator merges into an architect found by search, after confirming, and lands on its page', async () => {
    const { calls } = stubFetch({
      'GET /api/architects/3': () => json(detail(3, 'Gaudi A.')),
      'GET /api/architects/9': () => json(detail(9, 'Antoni Gaudí')),
      'GET /api/architects': () =>
        json({
          items: [
            { id: 3, name: 'Gaudi A.' },
            { id: 9, name: 'Antoni Gaudí' },
          ],
        }),
      'POST /api/moderation/architects/3/merge': () => json({ id: 9, merged: 3, moved: 1 }),
    });
    renderPage('/architects/3', { ...testUser, role: 'admin' });
    fireEvent.click(await screen.findByRole('button', { name: 'Merge into…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Find the architect to keep' }), {
      target: { value: 'gaudi' },
    });
    // The architect itself is not offered.
    const choice = await within(dialog).findByRole('radio', { name: 'Antoni Gaudí' });
    expect(within(dialog).queryByRole('radio', { name: 'Gaudi A.' })).toBeNull();
    fireEvent.click(choice);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(/Merge Gaudi A\. into Antoni Gaudí\?/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/architects/9'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ into: 9 });
  });

  it('speaks French on a French page: the count, the pager and the moderators’ actions', async () => {
    setCatalogue('fr', fr);
    stubFetch({ 'GET /api/architects/3': () => json(detail(3, 'Gaudí', { total: 30, pages: 2 })) });
    renderPage('/architects/3', { ...testUser, role: 'moderator' });
    expect(await screen.findByRole('heading', { name: 'Gaudí' })).toBeTruthy();
    expect(await screen.findByText('30 bâtiments dans l’atlas')).toBeTruthy();
    expect(await screen.findByText('Page 1 sur 2')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pages des réalisations' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Fusionner avec…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fusionner Gaudí avec un autre architecte' });
    expect(within(dialog).getByRole('textbox', { name: 'Trouver l’architecte à conserver' })).toBeTruthy();
  });

  it('counts one building in the singular', async () => {
    stubFetch({ 'GET /api/architects/3': () => json(detail(3, 'Gaudí')) });
    renderPage('/architects/3');
    expect(await screen.findByText('1 building in the atlas')).toBeTruthy();
  });
});

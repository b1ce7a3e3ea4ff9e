// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  problem,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  stubMatchMedia,
  testUser,
} from '../../../testing/render.tsx';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import { UserPage } from './user-page.tsx';

const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString();
const ada = { id: testUser.id, handle: 'ada', picture: null, created_at: threeDaysAgo };
const bob = { id: 99, handle: 'bob', picture: null, created_at: threeDaysAgo };

function renderPage(handle: string, signedIn: boolean) {
  return renderWithProviders(
    <UserPage handle={handle}>
      <p>section content</p>
    </UserPage>,
    { queryClient: queryClientSignedIn(signedIn ? testUser : null), path: `/user/${handle}/lists` },
  );
}

const navLabels = () =>
  Array.from(
    screen.queryByRole('navigation', { name: 'User page' })?.querySelectorAll('a') ?? [],
    (a) => a.textContent,
  );

describe('user page (product §2)', () => {
  beforeEach(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the picture, handle and 'Joined' with a relative time", async () => {
    stubFetch({ 'GET /api/users/bob': () => json(bob) });
    renderPage('bob', false);
    expect(await screen.findByRole('heading', { name: 'bob' })).toBeTruthy();
    expect(screen.getByText('Joined 3 days ago')).toBeTruthy();
    expect(screen.getByRole('img', { name: "bob's picture" }).getAttribute('src')).toBe(
      '/api/users/bob/faceplate',
    );
    expect(screen.getByText('section content')).toBeTruthy();
  });

  it('shows a badge beside the handle of a moderator or an admin, and none for a plain user', async () => {
    stubFetch({
      'GET /api/users/bob': () => json({ ...bob, role: 'moderator' }),
      'GET /api/users/ada': () => json({ ...ada, role: 'admin' }),
      'GET /api/users/cy': () => json({ ...bob, handle: 'cy', role: 'user' }),
    });
    renderPage('bob', false);
    const header = await screen.findByRole('banner');
    await within(header).findByRole('heading', { name: 'bob' });
    expect(within(header).getByText('Moderator')).toBeTruthy();
    cleanup();
    renderPage('ada', false);
    await screen.findByRole('heading', { name: 'ada' });
    expect(within(screen.getByRole('banner')).getByText('Admin')).toBeTruthy();
    cleanup();
    renderPage('cy', false);
    await screen.findByRole('heading', { name: 'cy' });
    expect(within(screen.getByRole('banner')).queryByText(/Moderator|Admin/)).toBeNull();
  });

  it("hides the side navigation from a signed-out visitor and offers 'Sign In' to /login", async () => {
    stubFetch({ 'GET /api/users/bob': () => json(bob) });
    renderPage('bob', false);
    await screen.findByRole('heading', { name: 'bob' });
    expect(navLabels()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });

  it('shows Settings only on the own profile, and the signed-in user in the footer', async () => {
    stubFetch({ 'GET /api/users/bob': () => json(bob), 'GET /api/users/ada': () => json(ada) });
    renderPage('bob', true);
    await screen.findByRole('heading', { name: 'bob' });
    expect(navLabels()).toEqual(['Lists', 'Buildings', 'Images', 'Stats']);
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.getByRole('contentinfo').textContent).toContain('ada');
    cleanup();

    renderPage('ada', true);
    await screen.findByRole('heading', { name: 'ada', level: 1 });
    expect(navLabels()).toEqual(['Lists', 'Buildings', 'Images', 'Settings', 'Stats']);
    expect(screen.getByRole('link', { name: 'Lists' }).getAttribute('aria-current')).toBe('page');
  });

  it("answers an unknown handle with 'User not found'", async () => {
    stubFetch({ 'GET /api/users/nobody': () => problem(404, 'Not Found', 'User not found') });
    renderPage('nobody', false);
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeTruthy();
    expect(screen.queryByText('section content')).toBeNull();
  });

  it('moves to the current handle when the API answered an old one with the profile under the new', async () => {
    // The browser's fetch follows the API's 301: the profile comes back with the new handle.
    stubFetch({ 'GET /api/users/bob_old': () => json(bob), 'GET /api/users/bob': () => json(bob) });
    function Where() {
      return <p data-testid="where">{useLocation().pathname + useLocation().search}</p>;
    }
    function Page() {
      const handle = useLocation().pathname.split('/')[2] ?? '';
      return (
        <UserPage handle={handle}>
          <p>section content</p>
        </UserPage>
      );
    }
    renderWithProviders(
      <>
        <Routes>
          <Route path="/user/:handle/:section" element={<Page />} />
        </Routes>
        <Where />
      </>,
      { queryClient: queryClientSignedIn(null), path: '/user/bob_old/buildings?sort=old' },
    );
    expect(await screen.findByRole('heading', { name: 'bob' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/user/bob/buildings?sort=old');
  });
});

describe('user page in French', () => {
  beforeEach(() => {
    stubMatchMedia();
    setCatalogue('fr', fr);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says when the user joined and names the sections in French', async () => {
    stubFetch({ 'GET /api/users/ada': () => json(ada) });
    renderPage('ada', true);
    await screen.findByRole('heading', { name: 'ada', level: 1 });
    expect(screen.getByText('Inscrit il y a 3 jours')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo de ada' })).toBeTruthy();
    expect(
      Array.from(
        screen.getByRole('navigation', { name: 'Page de l’utilisateur' }).querySelectorAll('a'),
        (a) => a.textContent,
      ),
    ).toEqual(['Listes', 'Bâtiments', 'Images', 'Paramètres', 'Statistiques']);
  });

  it("answers an unknown handle with 'Utilisateur introuvable'", async () => {
    stubFetch({ 'GET /api/users/nobody': () => problem(404, 'Not Found', 'User not found') });
    renderPage('nobody', false);
    expect(await screen.findByRole('heading', { name: 'Utilisateur introuvable' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkLoginQueryKey } from '../../../lib/auth/check-login.ts';
import {
  json,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  stubMatchMedia,
  testUser,
} from '../../../testing/render.tsx';
import { GOOGLE_IDENTITY_SCRIPT_URL } from '../lib/google-identity.ts';
import { AuthControls } from './auth-controls.tsx';
import { AuthModal } from './auth-modal.tsx';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';

function renderNav(signedIn: boolean, path = '/somewhere', user = testUser) {
  return renderWithProviders(
    <>
      <AuthControls />
      <AuthModal />
      <Routes>
        <Route path="/" element={<p>home page</p>} />
        <Route path="*" element={<p>other page</p>} />
      </Routes>
    </>,
    { queryClient: queryClientSignedIn(signedIn ? user : null), path },
  );
}

describe('navigation bar account control (product §2)', () => {
  beforeEach(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.head.querySelectorAll('script').forEach((s) => s.remove());
  });

  it("shows 'Login' to a signed-out visitor, which opens 'Login or create an account! :)'", async () => {
    stubFetch({ 'GET /api/auth/providers': () => json({ google_client_id: null, dev_login: true }) });
    renderNav(false);
    expect(screen.queryByText('My Stuff')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login or create an account! :)' });
    expect(dialog).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Continue as demo user' })).toBeTruthy();
    // No Google client id: the Google script is never added.
    expect(document.querySelector(`script[src="${GOOGLE_IDENTITY_SCRIPT_URL}"]`)).toBeNull();
  });

  it('adds the Google Identity Services script only when the server has a Google client id', async () => {
    stubFetch({ 'GET /api/auth/providers': () => json({ google_client_id: 'abc.apps', dev_login: false }) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderNav(false);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(document.querySelector(`script[src="${GOOGLE_IDENTITY_SCRIPT_URL}"]`)).not.toBeNull(),
    );
    expect(screen.queryByRole('button', { name: 'Continue as demo user' })).toBeNull();
  });

  it("signs in as the demo user: the modal closes and the profile menu replaces 'Login'", async () => {
    const demo = { id: 1, handle: 'demo', picture: null, email: null, role: 'user' };
    const { calls } = stubFetch({
      'GET /api/auth/providers': () => json({ google_client_id: null, dev_login: true }),
      'POST /api/auth/dev': () => json({ user: demo }),
    });
    const { queryClient } = renderNav(false);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue as demo user' }));
    expect(await screen.findByRole('button', { name: 'demo' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ handle: 'demo' });
    expect(queryClient.getQueryData(checkLoginQueryKey)).toEqual({ logged_in: true, user: demo });
  });

  it('offers the demo moderator beside the demo user, signing in with its handle', async () => {
    const moderator = { id: 2, handle: 'demo_moderator', picture: null, email: null, role: 'moderator' };
    const { calls } = stubFetch({
      'GET /api/auth/providers': () => json({ google_client_id: null, dev_login: true }),
      'POST /api/auth/dev': () => json({ user: moderator }),
    });
    renderNav(false);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue as demo moderator' }));
    expect(await screen.findByRole('button', { name: 'demo_moderator' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ handle: 'demo_moderator' });
  });

  it("shows the signed-in user's face picture and handle, with 'My Stuff' and 'Logout'", async () => {
    stubFetch({});
    renderNav(true);
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    const target = screen.getByRole('button', { name: 'ada' });
    expect(target.querySelector('img')?.getAttribute('src')).toBe('/api/users/ada/faceplate');

    fireEvent.click(target);
    const myStuff = await screen.findByRole('menuitem', { name: 'My Stuff' });
    expect(myStuff.getAttribute('href')).toBe('/user/ada/lists');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
    // The moderation screen is for moderators and admins only.
    expect(screen.queryByRole('menuitem', { name: 'Moderation' })).toBeNull();
  });

  it("offers 'Moderation' (/moderation) in the menu of moderators and admins", async () => {
    stubFetch({});
    for (const role of ['moderator', 'admin'] as const) {
      renderNav(true, '/somewhere', { ...testUser, role });
      fireEvent.click(screen.getByRole('button', { name: 'ada' }));
      const item = await screen.findByRole('menuitem', { name: 'Moderation' });
      expect(item.getAttribute('href')).toBe('/moderation');
      cleanup();
    }
  });

  it("logs out: POST /api/auth/logout, the user is cleared, 'Login' returns and the page goes to /", async () => {
    const { calls } = stubFetch({ 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
    const { queryClient } = renderNav(true);
    expect(screen.getByText('other page')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ada' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/auth/logout']);
    expect(queryClient.getQueryData(checkLoginQueryKey)).toEqual({ logged_in: false, user: null });
  });

  it('only logs a failed logout and stays signed in (product §8)', async () => {
    stubFetch({ 'POST /api/auth/logout': () => json({}, 500) });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderNav(true);
    fireEvent.click(screen.getByRole('button', { name: 'ada' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Logout failed', expect.any(Error)));
    expect(screen.getByRole('button', { name: 'ada' })).toBeTruthy();
    expect(screen.getByText('other page')).toBeTruthy();
  });
});

describe('the login modal in French', () => {
  beforeEach(() => {
    stubMatchMedia();
    setCatalogue('fr', fr);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says what signing in stores, linking the privacy page, in French', async () => {
    stubFetch({ 'GET /api/auth/providers': () => json({ google_client_id: null, dev_login: true }) });
    renderNav(false);
    fireEvent.click(screen.getByRole('button', { name: 'Connexion' }));
    expect(await screen.findByText(/^Ce que la connexion enregistre/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Confidentialité' }).getAttribute('href')).toBe('/privacy');
  });
});

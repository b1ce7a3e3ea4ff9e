// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SIGN_OUT_EVERYWHERE_FAILED,
  SIGN_OUT_EVERYWHERE_HINT,
  SIGN_OUT_EVERYWHERE_QUESTION,
} from '../../features/auth/components/sign-out-everywhere.tsx';
import { DOWNLOAD_MY_DATA_HINT } from '../../features/user/components/download-my-data.tsx';
import { checkLoginQueryKey } from '../../lib/auth/check-login.ts';
import {
  json,
  problem,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  stubMatchMedia,
  testUser,
} from '../../testing/render.tsx';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../../lib/i18n.ts';
import { UserSettingsRoute } from './user-settings-route.tsx';

/** The settings page as the app composes it: the user feature's form and 'Download my data', and the auth feature's 'Sign out everywhere'. */

const profile = { id: testUser.id, handle: 'ada', picture: null, created_at: '2026-01-01T00:00:00Z' };

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function SettingsAt({ path }: { path: string }) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/user/:handle/settings" element={<UserSettingsRoute />} />
      </Routes>
      <Where />
    </>,
    { queryClient: queryClientSignedIn(testUser), path },
  );
}

describe("settings: 'Sign out everywhere'", () => {
  beforeEach(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const openDialog = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    return screen.findByRole('dialog', { name: 'Sign out everywhere' });
  };

  it('asks first; Cancel sends nothing', async () => {
    const { calls } = stubFetch({ 'GET /api/users/ada': () => json(profile) });
    SettingsAt({ path: '/user/ada/settings' });
    expect(await screen.findByText(SIGN_OUT_EVERYWHERE_HINT)).toBeTruthy();
    const dialog = await openDialog();
    expect(dialog.textContent).toContain(SIGN_OUT_EVERYWHERE_QUESTION);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url.includes('/auth/logout-all'))).toBe(false);
  });

  it('on confirming, ends every session, signs out here and goes home', async () => {
    const { calls } = stubFetch({
      'GET /api/users/ada': () => json(profile),
      'POST /api/auth/logout-all': () => new Response(null, { status: 204 }),
    });
    const { queryClient } = SettingsAt({ path: '/user/ada/settings' });
    const dialog = await openDialog();
    const confirm = [...dialog.querySelectorAll('button')].find(
      (b) => b.textContent === 'Sign out everywhere',
    )!;
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/api/auth/logout-all'))).toHaveLength(
      1,
    );
    expect(queryClient.getQueryData(checkLoginQueryKey)).toMatchObject({ logged_in: false, user: null });
  });

  it('says so when it failed, and stays signed in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({
      'GET /api/users/ada': () => json(profile),
      'POST /api/auth/logout-all': () => problem(503, 'Service Unavailable', 'Database down'),
    });
    const { queryClient } = SettingsAt({ path: '/user/ada/settings' });
    const dialog = await openDialog();
    const confirm = [...dialog.querySelectorAll('button')].find(
      (b) => b.textContent === 'Sign out everywhere',
    )!;
    fireEvent.click(confirm);
    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_OUT_EVERYWHERE_FAILED);
    expect(queryClient.getQueryData(checkLoginQueryKey)).toMatchObject({ logged_in: true });
    expect(screen.getByTestId('where').textContent).toBe('/user/ada/settings');
  });
});

describe("settings: 'Download my data'", () => {
  beforeEach(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("is a download link to the user's own export, and fetches nothing itself", async () => {
    const { calls } = stubFetch({ 'GET /api/users/ada': () => json(profile) });
    SettingsAt({ path: '/user/ada/settings' });
    expect(await screen.findByText(DOWNLOAD_MY_DATA_HINT, { exact: false })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download my data' });
    expect(link.getAttribute('href')).toBe('/api/users/ada/export');
    expect(link.hasAttribute('download')).toBe(true);
    expect(calls.some((c) => c.url.includes('/export'))).toBe(false);
  });

  it("is not offered on another user's settings", async () => {
    stubFetch({ 'GET /api/users/bob': () => json({ ...profile, id: testUser.id + 1, handle: 'bob' }) });
    SettingsAt({ path: '/user/bob/settings' });
    expect(await screen.findByText('You can only change your own settings.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download my data' })).toBeNull();
  });
});

describe('settings in French', () => {
  beforeEach(() => {
    stubMatchMedia();
    setCatalogue('fr', fr);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names its sections in French, the language menu once, by its heading', async () => {
    stubFetch({ 'GET /api/users/ada': () => json(profile) });
    SettingsAt({ path: '/user/ada/settings' });
    expect(await screen.findByRole('heading', { name: 'Paramètres de l’utilisateur' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Changer de nom d’utilisateur' })).toBeTruthy();
    const menu = await screen.findByRole('combobox', { name: 'Langue' });
    expect(menu.getAttribute('aria-labelledby')).toBe(
      screen.getByRole('heading', { name: 'Langue' }).getAttribute('id'),
    );
    // One 'Language' on the screen: the heading, not a label beside it.
    expect(screen.getAllByText('Langue')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Télécharger mes données' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Confidentialité' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Zone de danger' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter partout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Se déconnecter partout' });
    expect(dialog.textContent).toContain('Voulez-vous vraiment vous déconnecter sur tous vos appareils ?');
  });
});

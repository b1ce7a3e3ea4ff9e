// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
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
import { WELCOME_SKIPPED_STORAGE_KEY } from '../model/welcome.ts';
import { WELCOME_SKIP_LABEL, WELCOME_TITLE } from './welcome-handle-dialog.tsx';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import { WelcomeHandle } from './welcome-handle.tsx';

const newcomer = { ...testUser, id: 41, handle: 'user_0123456789' };

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderWelcome(user: typeof testUser | null, path = '/') {
  return renderWithProviders(
    <>
      <WelcomeHandle />
      <Where />
    </>,
    { queryClient: queryClientSignedIn(user), path },
  );
}

describe('welcome step after the first sign-in (pick a handle, skippable)', () => {
  beforeEach(() => {
    stubMatchMedia();
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('invites a user with a generated handle to pick one; saving closes it and moves their page', async () => {
    const { calls } = stubFetch({
      'PATCH /api/users/user_0123456789/handle': () => json({ handle: 'jane_builds' }),
    });
    const { queryClient } = renderWelcome(newcomer, '/user/user_0123456789/lists');
    expect(await screen.findByRole('dialog', { name: WELCOME_TITLE })).toBeTruthy();
    expect(screen.getByText('user_0123456789')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Handle/ }), { target: { value: 'jane_builds' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: WELCOME_TITLE })).toBeNull());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ handle: 'jane_builds' });
    expect(queryClient.getQueryData(checkLoginQueryKey)).toMatchObject({ user: { handle: 'jane_builds' } });
    expect(screen.getByTestId('where').textContent).toBe('/user/jane_builds/lists');
  });

  it('says why a reserved handle cannot be chosen', async () => {
    stubFetch({});
    renderWelcome(newcomer);
    await screen.findByRole('dialog', { name: WELCOME_TITLE });
    fireEvent.change(screen.getByRole('textbox', { name: /Handle/ }), { target: { value: 'adm1n' } });
    expect(screen.getByText(/could be mistaken for the role "admin"/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });

  it('can be skipped, and stays skipped on this browser', async () => {
    stubFetch({});
    renderWelcome(newcomer);
    fireEvent.click(await screen.findByRole('button', { name: WELCOME_SKIP_LABEL }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: WELCOME_TITLE })).toBeNull());
    expect(JSON.parse(localStorage.getItem(WELCOME_SKIPPED_STORAGE_KEY) ?? '[]')).toEqual([41]);
    cleanup();
    renderWelcome(newcomer);
    // Give the lazy dialog a chance to appear: it must not.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog', { name: WELCOME_TITLE })).toBeNull();
  });

  it('does not show for a user who chose a handle, nor signed out', async () => {
    stubFetch({});
    renderWelcome(testUser);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    renderWelcome(null);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('welcome step in French', () => {
  beforeEach(() => {
    stubMatchMedia();
    localStorage.clear();
    setCatalogue('fr', fr);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('welcomes, shows the handle in its sentence and says why a handle is refused, in French', async () => {
    stubFetch({});
    renderWelcome(newcomer);
    const dialog = await screen.findByRole('dialog', { name: 'Bienvenue sur Atlas of Buildings' });
    expect(dialog.textContent).toContain(
      'Votre identifiant public est user_0123456789. Il apparaît sur les bâtiments',
    );
    expect(dialog.querySelector('strong')?.textContent).toBe('user_0123456789');
    fireEvent.change(screen.getByRole('textbox', { name: /Identifiant/ }), { target: { value: 'adm1n' } });
    expect(
      screen.getByText(
        'L’identifiant « adm1n » ne peut pas être utilisé : il pourrait être confondu avec le rôle « admin ». Veuillez en choisir un autre.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Enregistrer' }).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Plus tard' })).toBeTruthy();
  });
});

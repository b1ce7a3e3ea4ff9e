// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkLoginQueryKey } from '../../../lib/auth/check-login.ts';
import {
  json,
  problem,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  stubMatchMedia,
  testUser,
} from '../../../testing/render.tsx';
import { UserSettings } from './user-settings.tsx';

const profile = { id: testUser.id, handle: 'ada', picture: null, created_at: '2026-01-01T00:00:00Z' };

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function SettingsAt({ path, signedIn = true }: { path: string; signedIn?: boolean }) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/user/:handle/settings" element={<SettingsRoute />} />
      </Routes>
      <Where />
    </>,
    { queryClient: queryClientSignedIn(signedIn ? testUser : null), path },
  );
}

function SettingsRoute() {
  const handle = useLocation().pathname.split('/')[2] ?? '';
  return <UserSettings handle={decodeURIComponent(handle)} accountActions={<p>Account actions</p>} />;
}

const input = () => screen.getByRole<HTMLInputElement>('textbox', { name: /Handle/ });
const save = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });

describe("settings: 'Change Username' (product §2, 4, 5)", () => {
  beforeEach(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('prefills the handle, shows the hint and keeps Save disabled while unchanged or invalid', async () => {
    stubFetch({ 'GET /api/users/ada': () => json(profile) });
    SettingsAt({ path: '/user/ada/settings' });
    expect(await screen.findByRole('heading', { name: 'User Settings' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Change Username' })).toBeTruthy();
    expect(screen.getByText('Account actions')).toBeTruthy();
    expect(input().value).toBe('ada');
    expect(screen.getByText('Only lowercase letters, numbers, and underscores are allowed.')).toBeTruthy();
    expect(save().disabled).toBe(true);

    fireEvent.change(input(), { target: { value: 'Bad Name' } });
    expect(save().disabled).toBe(true);
    fireEvent.change(input(), { target: { value: 'ada_lovelace' } });
    expect(save().disabled).toBe(false);
  });

  it('says why a reserved handle or a look-alike cannot be chosen, before sending it', async () => {
    stubFetch({ 'GET /api/users/ada': () => json(profile) });
    SettingsAt({ path: '/user/ada/settings' });
    await screen.findByRole('heading', { name: 'Change Username' });
    fireEvent.change(input(), { target: { value: 'atlas_1' } });
    expect(save().disabled).toBe(true);
    expect(
      screen.getByText(
        `The handle "atlas_1" can't be used: it could be mistaken for the site's own account "atlas". Please choose another.`,
      ),
    ).toBeTruthy();
  });

  it("saves: 'Handle updated!', the signed-in handle changes and the URL follows", async () => {
    const { calls } = stubFetch({
      'GET /api/users/ada': () => json(profile),
      'PATCH /api/users/ada/handle': () => json({ handle: 'ada_lovelace' }),
    });
    const { queryClient } = SettingsAt({ path: '/user/ada/settings' });
    await screen.findByRole('heading', { name: 'Change Username' });
    fireEvent.change(input(), { target: { value: 'ada_lovelace' } });
    fireEvent.click(save());

    expect(await screen.findByText('Handle updated!')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/user/ada_lovelace/settings'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ handle: 'ada_lovelace' });
    expect(queryClient.getQueryData(checkLoginQueryKey)).toEqual({
      logged_in: true,
      user: { ...testUser, handle: 'ada_lovelace' },
    });
    expect(input().value).toBe('ada_lovelace');
    expect(save().disabled).toBe(true);
  });

  it("shows the server's problem detail on failure", async () => {
    stubFetch({
      'GET /api/users/ada': () => json(profile),
      'PATCH /api/users/ada/handle': () => problem(409, 'Conflict', 'The handle "bob" is already taken.'),
    });
    SettingsAt({ path: '/user/ada/settings' });
    await screen.findByRole('heading', { name: 'Change Username' });
    fireEvent.change(input(), { target: { value: 'bob' } });
    fireEvent.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe('The handle "bob" is already taken.');
    expect(screen.getByTestId('where').textContent).toBe('/user/ada/settings');
  });

  it("falls back to 'Failed to update handle' without a problem body", async () => {
    stubFetch({
      'GET /api/users/ada': () => json(profile),
      'PATCH /api/users/ada/handle': () => new Response('oops', { status: 502 }),
    });
    SettingsAt({ path: '/user/ada/settings' });
    await screen.findByRole('heading', { name: 'Change Username' });
    fireEvent.change(input(), { target: { value: 'ada_2' } });
    fireEvent.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update handle');
  });

  it("offers no form on another user's profile", async () => {
    stubFetch({ 'GET /api/users/bob': () => json({ ...profile, id: 99, handle: 'bob' }) });
    SettingsAt({ path: '/user/bob/settings' });
    expect(await screen.findByText('You can only change your own settings.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByText('Account actions')).toBeNull();
  });
});

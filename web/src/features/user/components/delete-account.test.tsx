// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkLoginQueryKey } from '../../../lib/auth/check-login.ts';
import { ToastContainer } from '../../../lib/toast/toast-container.tsx';
import {
  json,
  problem,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  stubMatchMedia,
  testUser,
} from '../../../testing/render.tsx';
import { DELETE_ACCOUNT_DONE, DELETE_ACCOUNT_FAILED } from '../model/delete-account.ts';
import { UserSettings } from './user-settings.tsx';

const profile = {
  id: testUser.id,
  handle: 'ada',
  picture: null,
  created_at: '2026-01-01T00:00:00Z',
  role: 'user',
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderSettings() {
  const queryClient = queryClientSignedIn(testUser);
  renderWithProviders(
    <>
      <Routes>
        <Route path="/user/:handle/settings" element={<UserSettings handle="ada" />} />
        <Route path="/" element={<p>Home</p>} />
      </Routes>
      <Where />
      <ToastContainer />
    </>,
    { queryClient, path: '/user/ada/settings' },
  );
  return queryClient;
}

const openDialog = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
  return screen.findByRole<HTMLInputElement>('textbox', { name: /Type your handle to confirm/ });
};
const deleteButton = () =>
  screen.getAllByRole<HTMLButtonElement>('button', { name: 'Delete my account' }).at(-1)!;

describe("settings: 'Delete my account'", () => {
  beforeEach(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sits in a danger zone; the delete button stays disabled until the handle is typed', async () => {
    stubFetch({ 'GET /api/users/ada': () => json(profile) });
    renderSettings();
    expect(await screen.findByRole('heading', { name: 'Danger zone' })).toBeTruthy();
    const typed = await openDialog();
    expect(deleteButton().disabled).toBe(true);
    fireEvent.change(typed, { target: { value: 'ad' } });
    expect(deleteButton().disabled).toBe(true);
    fireEvent.change(typed, { target: { value: 'Ada' } });
    expect(deleteButton().disabled).toBe(true);
    fireEvent.change(typed, { target: { value: 'ada' } });
    expect(deleteButton().disabled).toBe(false);
  });

  it('deletes with the chosen option, then signs out, shows a toast and goes home', async () => {
    const { calls } = stubFetch({
      'GET /api/users/ada': () => json(profile),
      'DELETE /api/users/ada': () => new Response(null, { status: 204 }),
    });
    const queryClient = renderSettings();
    fireEvent.change(await openDialog(), { target: { value: 'ada' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Also remove the buildings I added/ }));
    fireEvent.click(deleteButton());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(await screen.findByText(DELETE_ACCOUNT_DONE)).toBeTruthy();
    const sent = calls.find((c) => c.method === 'DELETE');
    expect(sent?.url).toMatch(/\/api\/users\/ada\?remove_buildings=true$/);
    expect(queryClient.getQueryData(checkLoginQueryKey)).toMatchObject({ logged_in: false });
  });

  it('says so when the deletion fails, and stays signed in', async () => {
    stubFetch({
      'GET /api/users/ada': () => json(profile),
      'DELETE /api/users/ada': () => problem(500, 'Internal Server Error', 'boom'),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const queryClient = renderSettings();
    fireEvent.change(await openDialog(), { target: { value: 'ada' } });
    fireEvent.click(deleteButton());
    expect(await screen.findByText(DELETE_ACCOUNT_FAILED)).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/user/ada/settings');
    expect(queryClient.getQueryData(checkLoginQueryKey)).toMatchObject({ logged_in: true });
  });
});

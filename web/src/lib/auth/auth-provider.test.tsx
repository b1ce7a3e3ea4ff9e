// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers, queryClientSignedIn, stubMatchMedia, testUser } from '../../testing/render.tsx';
import { useAuth, useAuthActions, useAuthModal } from './auth-provider.tsx';
import { LOGIN_MESSAGES, LOGIN_TITLES } from './messages.ts';
import { useRequireLogin } from './use-require-login.ts';

function wrapperFor(signedIn: boolean) {
  const queryClient = queryClientSignedIn(signedIn ? testUser : null);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers queryClient={queryClient}>{children}</Providers>
  );
  return { wrapper, queryClient };
}

describe('auth modal rule (product §2: asked to open while logged in, it closes and logs an error)', () => {
  beforeEach(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens for a signed-out visitor without logging', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => useAuthModal(), wrapperFor(false));
    act(() => result.current.open());
    expect(result.current.state).toEqual({
      isOpen: true,
      title: 'Authentication Required',
      message: 'Please log in to continue.',
    });
    expect(error).not.toHaveBeenCalled();
  });

  it('stays closed and logs an error while signed in', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => useAuthModal(), wrapperFor(true));
    act(() => result.current.open({ title: LOGIN_TITLES.vote }));
    expect(result.current.state.isOpen).toBe(false);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('a login sets the user and closes the open modal; a logout clears the user (product §4)', async () => {
    const { result } = renderHook(
      () => ({ modal: useAuthModal(), auth: useAuth(), actions: useAuthActions() }),
      wrapperFor(false),
    );
    expect(result.current.auth).toEqual({ isLoggedIn: false, user: null, isChecking: false });
    act(() => result.current.modal.open());
    await act(() => result.current.actions.loggedIn(testUser));
    await waitFor(() => expect(result.current.auth.user).toEqual(testUser));
    expect(result.current.modal.state.isOpen).toBe(false);
    await act(() => result.current.actions.loggedOut());
    await waitFor(() =>
      expect(result.current.auth).toEqual({ isLoggedIn: false, user: null, isChecking: false }),
    );
  });
});

describe('useRequireLogin (product §6: actions that need login open the auth modal)', () => {
  beforeEach(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('runs the action when signed in and leaves the modal closed', () => {
    const action = vi.fn();
    const { result } = renderHook(
      () => ({ requireLogin: useRequireLogin(LOGIN_TITLES.vote), modal: useAuthModal() }),
      wrapperFor(true),
    );
    act(() => result.current.requireLogin(action));
    expect(action).toHaveBeenCalledTimes(1);
    expect(result.current.modal.state.isOpen).toBe(false);
  });

  it('opens the modal with the given title and message instead when signed out', () => {
    const action = vi.fn();
    const { result } = renderHook(
      () => ({
        requireLogin: useRequireLogin(LOGIN_TITLES.addBuilding, LOGIN_MESSAGES.addBuilding),
        modal: useAuthModal(),
      }),
      wrapperFor(false),
    );
    act(() => result.current.requireLogin(action));
    expect(action).not.toHaveBeenCalled();
    expect(result.current.modal.state).toEqual({
      isOpen: true,
      title: 'Login to Add Building',
      message: 'You need to be logged in to add a building.',
    });
  });

  it('uses the default message when only a title is given', () => {
    const { result } = renderHook(
      () => ({ requireLogin: useRequireLogin(LOGIN_TITLES.comment), modal: useAuthModal() }),
      wrapperFor(false),
    );
    act(() => result.current.requireLogin(() => {}));
    expect(result.current.modal.state).toMatchObject({
      title: 'Login to Comment',
      message: 'Please log in to continue.',
    });
  });
});

describe('useRequireLogin before the first session check has answered', () => {
  beforeEach(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  /** A client whose session check is on its way; `answer` completes it. */
  function checking() {
    let answer: (body: unknown) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = (body) => resolve(new Response(JSON.stringify(body), { status: 200 }));
          }),
      ),
    );
    const queryClient = queryClientSignedIn(null);
    queryClient.removeQueries({ queryKey: ['auth', 'check-login'] });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Providers queryClient={queryClient}>{children}</Providers>
    );
    const hook = renderHook(
      () => ({
        auth: useAuth(),
        requireLogin: useRequireLogin(LOGIN_TITLES.addBuilding, LOGIN_MESSAGES.addBuilding),
        modal: useAuthModal(),
      }),
      { wrapper },
    );
    return { ...hook, answer: (body: unknown) => answer(body) };
  }

  it('runs the action once the check says the visitor is signed in, without the modal', async () => {
    const { result, answer } = checking();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(result.current.auth.isChecking).toBe(true);
    const action = vi.fn();
    act(() => result.current.requireLogin(action));
    expect(action).not.toHaveBeenCalled();
    await act(async () => answer({ logged_in: true, user: testUser }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(result.current.modal.state.isOpen).toBe(false);
  });

  it('opens the modal once the check says the visitor is signed out', async () => {
    const { result, answer } = checking();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    const action = vi.fn();
    act(() => result.current.requireLogin(action));
    expect(result.current.modal.state.isOpen).toBe(false);
    await act(async () => answer({ logged_in: false, user: null }));
    await waitFor(() => expect(result.current.modal.state.isOpen).toBe(true));
    expect(result.current.modal.state.title).toBe('Login to Add Building');
    expect(action).not.toHaveBeenCalled();
  });
});

describe('session check racing a login (product §4)', () => {
  beforeEach(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a check that left before the login does not overwrite the signed-in user', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { wrapper, queryClient } = wrapperFor(false);
    const { result } = renderHook(() => ({ auth: useAuth(), actions: useAuthActions() }), { wrapper });
    // A refetch (e.g. on window focus) leaves while signed out...
    void queryClient.refetchQueries({ queryKey: ['auth', 'check-login'] });
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1));
    // ...the login answers first...
    await act(() => result.current.actions.loggedIn(testUser));
    // ...and the stale answer arrives late.
    answer(new Response(JSON.stringify({ logged_in: false, user: null }), { status: 200 }));
    // Once that check has settled, the user is still signed in.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(result.current.auth.user).toEqual(testUser);
  });
});

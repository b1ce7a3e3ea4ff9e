import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { CurrentUser } from '#domain/users';
import { AuthProvider } from '../lib/auth/auth-provider.tsx';
import { checkLoginQueryKey, type CheckLoginResponse } from '../lib/auth/check-login.ts';
import { createQueryClient } from '../lib/query-client.ts';

/**
 * A matchMedia that matches nothing (light scheme, motion allowed), whatever the test DOM answers;
 * Mantine asks it for the colour scheme and reduced motion. No parameter: tests pass it to
 * beforeEach as it is.
 */
export function stubMatchMedia(): void {
  stubMatchMediaWith(() => false);
}

/** A matchMedia whose `matches` picks the queries that match (a phone: `(q) => q.includes('max-width')`). */
export function stubMatchMediaWith(matches: (query: string) => boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

/**
 * The browser APIs Mantine uses that a test DOM lacks or answers differently: matchMedia,
 * ResizeObserver (Select, ScrollArea)
 * and the font loading API (autosize textareas). Call in beforeEach; vi.unstubAllGlobals() undoes
 * the first two.
 */
export function stubBrowserApis(): void {
  stubMatchMedia();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  // Mantine's comboboxes scroll the active option into view; the test DOM has no layout to scroll.
  if (typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => {};
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
}

export const testUser: CurrentUser = {
  id: 7,
  handle: 'ada',
  picture: null,
  email: 'ada@example.com',
  role: 'user',
};

/** A query client whose session check has answered: signed in as `user`, or signed out. */
export function queryClientSignedIn(user: CurrentUser | null): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  queryClient.setQueryData<CheckLoginResponse>(checkLoginQueryKey, { logged_in: user !== null, user });
  return queryClient;
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <MantineProvider env="test">{children}</MantineProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}

/** Renders inside the app's providers and a memory router at `path`. */
export function renderWithProviders(
  ui: ReactElement,
  { queryClient = queryClientSignedIn(null), path = '/' }: { queryClient?: QueryClient; path?: string } = {},
) {
  const result = render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Providers>,
  );
  return { ...result, queryClient };
}

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/** Stubs fetch with handlers keyed by 'METHOD /path'; anything else answers 404 problem JSON. */
export function stubFetch(handlers: Record<string, Handler>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const path = new URL(url, 'http://localhost').pathname;
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const handler = handlers[`${method} ${path}`];
    if (handler) return handler(init, url);
    return problem(404, 'Not Found', `No handler for ${method} ${path}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function problem(status: number, title: string, detail: string): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title, status, detail }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
}

// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
// RouterProvider from 'react-router', not 'react-router/dom': under Vitest's Node resolution the dom
// entry loads a second (CommonJS) copy of react-router whose contexts the routes cannot see.
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { routes } from './router.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('routes (spec section 2)', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the gallery with a 'See Building Page' link", async () => {
    renderAt('/gallery/12');
    expect(await screen.findByRole('heading', { name: 'Gallery' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See Building Page' }).getAttribute('href')).toBe(
      '/buildings/12',
    );
  });

  it('shows the user page for any sub-path of /user/{handle}', async () => {
    renderAt('/user/ada/lists');
    expect(await screen.findByRole('heading', { name: 'ada' })).toBeTruthy();
  });

  it('has the navigation bar on every screen', async () => {
    renderAt('/user/ada');
    await screen.findByRole('heading', { name: 'ada' });
    expect(screen.getByRole('link', { name: 'Explore Buildings' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Atlas of Buildings home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Toggle color scheme' })).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
// RouterProvider from 'react-router', not 'react-router/dom': under Vitest's Node resolution the dom
// entry loads a second (CommonJS) copy of react-router whose contexts the routes cannot see.
import { RouterProvider, createMemoryRouter } from 'react-router';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pages, USER_SECTIONS } from '#domain/pages';
import { createQueryClient } from '../lib/query-client.ts';
import { Providers, json, stubFetch, stubBrowserApis } from '../testing/render.tsx';
import { routes } from './router.tsx';

/** Renders the app at `path` once the router has loaded the lazily imported screens it needs. */
async function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  // The first import of a screen's module compiles it; on a busy machine that takes seconds.
  await waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 20_000 });
  return router;
}

const ada = { id: 3, handle: 'ada', picture: null, created_at: '2026-01-01T00:00:00Z' };

/** The full path patterns of the route tree ('*' and index routes left out). */
function patternsOf(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const own = route.path && route.path !== '*' ? `${parent}/${route.path}` : parent;
    return [...(route.path && route.path !== '*' ? [own] : []), ...patternsOf(route.children ?? [], own)];
  });
}

describe('the router and the page table (domain/pages.ts)', () => {
  it('has a route for every page of the table, at its pattern', () => {
    const routed = patternsOf(routes);
    const sections = Object.keys(USER_SECTIONS).map((s) => `${pages.user.pattern}/${s}`);
    const tabled = Object.values(pages)
      .map((p) => p.pattern)
      .filter((p) => p !== pages.explore.pattern && p !== pages.userSection.pattern);
    expect(routed.sort()).toEqual([...tabled, ...sections].sort());
  });

  it('loads the route module the page table names for each page (the server preloads it)', () => {
    const source = fs.readFileSync(
      path.join(path.dirname(fileURLToPath(import.meta.url)), 'router.tsx'),
      'utf8',
    );
    const imported = new Set(
      [...source.matchAll(/import\('(\.\.?\/[^']+)'\)/g)].map((m) => path.posix.join('src/app', m[1]!)),
    );
    for (const module of [...Object.values(pages).map((p) => p.module), ...Object.values(USER_SECTIONS)])
      expect(imported, module).toContain(module);
  });
});

describe('routes (product §2)', () => {
  beforeEach(() => {
    stubBrowserApis();
    stubFetch({
      'GET /api/auth/check-login': () => json({ logged_in: false, user: null }),
      'GET /api/auth/providers': () => json({ google_client_id: null, dev_login: true }),
      'GET /api/users/ada': () => json(ada),
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the gallery with a 'See Building Page' link", async () => {
    await renderAt('/gallery/12');
    expect(await screen.findByRole('heading', { name: 'Gallery' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See Building Page' }).getAttribute('href')).toBe(
      '/buildings/12',
    );
  });

  it('shows the user page for a sub-path of /user/{handle}', async () => {
    await renderAt('/user/ada/stats');
    expect(await screen.findByRole('heading', { name: 'ada' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Stats' })).toBeTruthy();
    expect(screen.getByText('Weekly building throughput')).toBeTruthy();
  });

  it('sends /user/{handle} and unknown sub-paths to the Lists section', async () => {
    const router = await renderAt('/user/ada');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/ada/lists'));
    expect(await screen.findByRole('heading', { name: 'Lists' })).toBeTruthy();
    await router.navigate('/user/ada/nothing/here');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/ada/lists'));
  });

  it('has the navigation bar and the Add New Building button on every screen', async () => {
    await renderAt('/user/ada');
    await screen.findByRole('heading', { name: 'ada' });
    expect(screen.getByRole('link', { name: 'Explore Buildings' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Atlas of Buildings home' }).getAttribute('href')).toBe('/');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Toggle color scheme' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add New Building' })).toBeTruthy();
  });

  it("gates 'Add New Building' with 'Login to Add Building' for a signed-out visitor", async () => {
    await renderAt('/gallery/1');
    await screen.findByRole('button', { name: 'Login' });
    fireEvent.click(screen.getByRole('button', { name: 'Add New Building' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login to Add Building' });
    expect(dialog.textContent).toContain('You need to be logged in to add a building.');
  });
});

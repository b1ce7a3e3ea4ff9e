// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubBrowserApis } from '../testing/render.tsx';
import french from '#domain/messages/fr';
import { setCatalogue, t } from '../lib/i18n.ts';
import { ExportMenu } from './export-menu.tsx';

const groups = [{ href: (format: string) => `/api/lists/3/export?format=${format}` }];

describe('Export menu: the button stands in until the menu has loaded', () => {
  beforeEach(stubBrowserApis);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is a closed menu button before the menu code is there', () => {
    renderWithProviders(<ExportMenu ariaLabel="Export list Favourites" groups={groups} />);
    const button = screen.getByRole('button', { name: 'Export list Favourites' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens the menu once loaded when the stand-in was clicked', async () => {
    renderWithProviders(<ExportMenu ariaLabel="Export list Favourites" groups={groups} />);
    const standIn = screen.getByRole('button', { name: 'Export list Favourites' });
    standIn.focus();
    fireEvent.click(standIn);
    const csv = await screen.findByRole('menuitem', { name: 'CSV' }, { timeout: 10_000 });
    expect(csv.getAttribute('href')).toBe('/api/lists/3/export?format=csv');
    const button = screen.getByRole('button', { name: 'Export list Favourites' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // As when Mantine's menu opens from its own button: the focus goes into the menu,
    expect(screen.getByRole('menu').contains(document.activeElement)).toBe(true);
    // and back to the button when Escape closes it.
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await vi.waitFor(() => expect(document.activeElement).toBe(button));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the menu once loaded when the pointer was pressed on the stand-in, with no click to follow', async () => {
    renderWithProviders(<ExportMenu ariaLabel="Export list Favourites" groups={groups} />);
    const standIn = screen.getByRole('button', { name: 'Export list Favourites' });
    // The release lands on the real button once it has taken over: no click reaches the stand-in.
    fireEvent.pointerDown(standIn, { button: 0 });
    await screen.findByRole('menuitem', { name: 'GeoJSON' }, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: 'Export list Favourites' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('loads but keeps the menu closed when the pointer only passed over the stand-in', async () => {
    renderWithProviders(<ExportMenu ariaLabel="Export list Favourites" groups={groups} />);
    const standIn = screen.getByRole('button', { name: 'Export list Favourites' });
    expect(standIn.id).toBe('');
    fireEvent.pointerEnter(standIn);
    fireEvent.pointerDown(standIn, { button: 2 }); // a right-click opens the browser's menu, not ours
    // The real button takes over (Mantine's Menu.Target gives it an id), closed.
    await vi.waitFor(
      () => expect(screen.getByRole('button', { name: 'Export list Favourites' }).id).not.toBe(''),
      {
        timeout: 10_000,
      },
    );
    expect(screen.getByRole('button', { name: 'Export list Favourites' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(screen.queryByRole('menu')).toBeNull();
  });
  it('speaks French: the button, the group in each link name and the data licence line', async () => {
    setCatalogue('fr', french);
    const all = [
      { label: t('All matching buildings'), href: (format: string) => `/export?format=${format}` },
    ];
    renderWithProviders(<ExportMenu ariaLabel={t('Export buildings')} groups={all} />);
    fireEvent.click(screen.getByRole('button', { name: 'Exporter les bâtiments' }));
    const csv = await screen.findByRole(
      'menuitem',
      { name: 'CSV, tous les bâtiments correspondants' },
      { timeout: 10_000 },
    );
    expect(csv.getAttribute('href')).toBe('/export?format=csv');
    expect(screen.getByText(/Données ouvertes sous licence ODbL 1\.0\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'À propos des données' }).getAttribute('href')).toContain(
      '/about',
    );
  });
});

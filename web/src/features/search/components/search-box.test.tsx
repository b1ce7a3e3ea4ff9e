// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchHit } from '#domain/search';
import {
  json,
  renderWithProviders,
  stubBrowserApis,
  stubFetch,
  stubMatchMediaWith,
} from '../../../testing/render.tsx';
import { SearchBox } from './search-box.tsx';
import { SearchCombobox } from './search-combobox.tsx';

const batllo: SearchHit = {
  type: 'building',
  id: 12,
  name: 'Casa Batlló',
  city: 'Barcelona',
  country_code: 'ES',
  year_built: 1906,
  coordinates: [2.165, 41.3917],
  cover_image: null,
};

/** The search input's markup without its generated ids. */
const markup = (input: HTMLElement) => input.parentElement!.outerHTML.replace(/ id="[^"]*"/g, '');

describe('navigation search: the stand-in before the combobox loads', () => {
  beforeEach(() => {
    stubBrowserApis();
    stubFetch({ 'GET /api/search': () => json({ items: [batllo] }) });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('draws the same input, with the same attributes, as the combobox it stands in for', () => {
    const { unmount } = renderWithProviders(<SearchCombobox onPick={() => {}} />);
    const real = markup(screen.getByRole('combobox', { name: 'Search' }));
    unmount();
    renderWithProviders(<SearchBox onPick={() => {}} />);
    expect(markup(screen.getByRole('combobox', { name: 'Search' }))).toBe(real);
  });

  it('hands what was typed, the focus and the caret to the combobox, which then searches', async () => {
    renderWithProviders(<SearchBox onPick={() => {}} />);
    const standIn = screen.getByRole('combobox', { name: 'Search' });
    // Typed before the combobox is there (focus starts loading it).
    standIn.focus();
    fireEvent.change(standIn, { target: { value: 'batl' } });
    await screen.findByRole('option', { name: /Casa Batlló/ }, { timeout: 10_000 });
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Search' });
    expect(input).not.toBe(standIn);
    expect(input.value).toBe('batl');
    expect(document.activeElement).toBe(input);
    expect(input.selectionStart).toBe(4);
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
  });

  it('keeps the focus and the typing of a click that comes just after the code arrived', async () => {
    renderWithProviders(<SearchBox onPick={() => {}} />);
    const standIn = screen.getByRole('combobox', { name: 'Search' });
    // The pointer passing over starts the load. The click and the typing come as soon as the code
    // is there: a swap drawn later (on React's next render) would take the box from under them
    // and leave the focus nowhere.
    fireEvent.pointerEnter(standIn);
    await import('./search-combobox.tsx');
    for (let i = 0; i < 5; i++) await Promise.resolve();
    const box = screen.getByRole<HTMLInputElement>('combobox', { name: 'Search' });
    box.focus();
    fireEvent.change(box, { target: { value: 'batl' } });
    await screen.findByRole('option', { name: /Casa Batlló/ }, { timeout: 10_000 });
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Search' });
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('batl');
  });

  it("on a phone, '/' opens the box and the combobox takes the focus even before the stand-in could", async () => {
    // A phone: the box is an icon until opened; the stand-in it mounts would take the focus a frame
    // later, and here that frame never comes.
    stubMatchMediaWith((query) => query.includes('max-width')); // a phone
    vi.stubGlobal('requestAnimationFrame', () => 0);
    renderWithProviders(<SearchBox onPick={() => {}} />);
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
    fireEvent.keyDown(window, { key: '/' });
    await waitFor(
      () => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Search' })),
      { timeout: 10_000 },
    );
    expect(screen.getByRole('button', { name: 'Close search' })).toBeTruthy();
  });

  it('on a phone, never draws a full box in the header, before or while the combobox takes over', async () => {
    // Both read the screen's width in their first render: one drawn as on a desktop would put a
    // box in a phone's header for a frame, the search icon gone (a test measuring the icon then
    // found nothing to measure).
    stubMatchMediaWith((query) => query.includes('max-width')); // a phone
    const added: Node[] = [];
    const observer = new MutationObserver((records) => records.forEach((r) => added.push(...r.addedNodes)));
    observer.observe(document.body, { childList: true, subtree: true });
    const inputs = () => {
      added.push(...observer.takeRecords().flatMap((r) => [...r.addedNodes]));
      return added.filter(
        (n) => n instanceof Element && (n.matches('input') || n.querySelector('input') !== null),
      ).length;
    };
    renderWithProviders(<SearchBox onPick={() => {}} />);
    const standIn = screen.getByRole('button', { name: 'Search' });
    expect(inputs()).toBe(0);
    // The combobox loads once the page is idle.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search' })).not.toBe(standIn), {
      timeout: 10_000,
    });
    expect(inputs()).toBe(0);
    observer.disconnect();
  });
});

describe('navigation search: while the answer is on its way', () => {
  beforeEach(() => stubBrowserApis());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says 'Searching…' in the list, then shows the hits; 'Nothing found' only once answered", async () => {
    let answer: (items: SearchHit[]) => void = () => {};
    stubFetch({
      'GET /api/search': () =>
        new Promise<Response>((resolve) => {
          answer = (items) => resolve(json({ items }));
        }),
    });
    renderWithProviders(<SearchCombobox onPick={() => {}} />);
    const input = screen.getByRole('combobox', { name: 'Search' });
    input.focus();
    fireEvent.change(input, { target: { value: 'batl' } });
    // At once, in the pause before the request, and while it is answered.
    expect(await screen.findByText('Searching…')).toBeTruthy();
    expect(screen.queryByText('Nothing found')).toBeNull();
    await waitFor(() => expect(fetch).toHaveBeenCalled(), { timeout: 5000 });
    expect(screen.getByText('Searching…')).toBeTruthy();
    answer([batllo]);
    await screen.findByRole('option', { name: /Casa Batlló/ });
    expect(screen.queryByText('Searching…')).toBeNull();

    fireEvent.change(input, { target: { value: 'batlxq' } });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2), { timeout: 5000 });
    answer([]);
    expect(await screen.findByText('Nothing found')).toBeTruthy();
    expect(screen.queryByText('Searching…')).toBeNull();
  });
});

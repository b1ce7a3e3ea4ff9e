// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Image } from '#domain/images';
import { testImage } from '../testing/image-fixtures.ts';
import {
  json,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  stubBrowserApis,
  testUser,
} from '../../../testing/render.tsx';
import { useAuthModal } from '../../../lib/auth/auth-provider.tsx';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import { GalleryPage } from './gallery-page.tsx';

function ModalText() {
  const { state } = useAuthModal();
  return state.isOpen ? (
    <p data-testid="modal">
      {state.title} / {state.message}
    </p>
  ) : null;
}

const image = (id: number, over: Partial<Image> = {}): Image => ({
  ...testImage(id),
  description: `Picture ${id}`,
  building_id: 3,
  added_by: { id: 99, handle: 'bob' },
  height: 400,
  ...over,
});

/** Every observed trigger counts as visible at once. */
class VisibleObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never),
    );
  }
  unobserve() {}
  disconnect() {}
}

function listAnswer(url: string) {
  const search = new URL(url, 'http://localhost').searchParams;
  const page = Number(search.get('page'));
  const items =
    page === 1 ? [image(1), image(2, { added_by: { id: testUser.id, handle: 'ada' } })] : [image(3)];
  return json({ items, total: 3, hasNext: page === 1, page, per_page: 10 });
}

const listCalls = (calls: { url: string }[]) =>
  calls
    .filter((c) => c.url.includes('infinite-scroll'))
    .map((c) => new URL(c.url, 'http://localhost').searchParams);

describe('gallery page (product §2, 4)', () => {
  beforeEach(() => {
    stubBrowserApis();
    vi.stubGlobal('IntersectionObserver', VisibleObserver);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('loads page 1 (10, date_added desc), appends page 2 from the bottom trigger, and starts over on a sort change', async () => {
    const { calls } = stubFetch({ 'GET /api/images/infinite-scroll': (_init, url) => listAnswer(url) });
    renderWithProviders(<GalleryPage buildingId={3} />);
    const grid = await screen.findByRole('list', { name: 'Gallery images' });
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(3));
    const [first, second] = listCalls(calls);
    expect(Object.fromEntries(first ?? [])).toEqual({
      page: '1',
      per_page: '10',
      buildingId: '3',
      sortBy: 'date_added',
      sortOrder: 'desc',
    });
    expect(second?.get('page')).toBe('2');

    const img = within(grid).getAllByRole('img')[0];
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['400', '200']);

    fireEvent.click(screen.getByRole('button', { name: 'Sort order: Descending' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('sortOrder')).toBe('asc'));
    expect(listCalls(calls).at(-1)?.get('page')).toBe('1');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Plans' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('imageTypes')).toBe('plans'));
    // The first request with the new filter is page 1 (page 2 may follow at once: the trigger is visible).
    expect(
      listCalls(calls)
        .find((c) => c.get('imageTypes') === 'plans')
        ?.get('page'),
    ).toBe('1');
  });

  it("sorts by 'Year taken': the list asks sortBy=capture_date from page 1", async () => {
    const { calls } = stubFetch({ 'GET /api/images/infinite-scroll': (_init, url) => listAnswer(url) });
    renderWithProviders(<GalleryPage buildingId={3} />);
    await screen.findByRole('list', { name: 'Gallery images' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Year taken' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('sortBy')).toBe('capture_date'));
    expect(
      listCalls(calls)
        .find((c) => c.get('sortBy') === 'capture_date')
        ?.get('page'),
    ).toBe('1');
  });

  it("shows 'No images yet.' and the error text", async () => {
    stubFetch({
      'GET /api/images/infinite-scroll': () =>
        json({ items: [], total: 0, hasNext: false, page: 1, per_page: 10 }),
    });
    renderWithProviders(<GalleryPage buildingId={3} />);
    expect(await screen.findByText('No images yet.')).toBeTruthy();
    cleanup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({});
    renderWithProviders(<GalleryPage buildingId={3} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Error loading images');
  });

  it('opens the full view, steps with the arrows, ignores keys typed in a box, and shows Remove to the owner only', async () => {
    stubFetch({ 'GET /api/images/infinite-scroll': (_init, url) => listAnswer(url) });
    renderWithProviders(<GalleryPage buildingId={3} />, { queryClient: queryClientSignedIn(testUser) });
    const grid = await screen.findByRole('list', { name: 'Gallery images' });
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(3));

    await userEvent.click(within(grid).getAllByRole('button')[0] as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Image 1 of 3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();

    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(await screen.findByRole('heading', { name: 'Image 2 of 3' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();

    const box = document.createElement('input');
    document.body.appendChild(box);
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    expect(screen.getByRole('heading', { name: 'Image 2 of 3' })).toBeTruthy();
    box.remove();

    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(await screen.findByRole('heading', { name: 'Image 1 of 3' })).toBeTruthy();
  });

  it("asks a visitor to log in: 'You need to be logged in to upload images.'", async () => {
    stubFetch({ 'GET /api/images/infinite-scroll': (_init, url) => listAnswer(url) });
    renderWithProviders(
      <>
        <GalleryPage buildingId={3} />
        <ModalText />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Upload Image(s)' }));
    expect((await screen.findByTestId('modal')).textContent).toBe(
      'Authentication Required / You need to be logged in to upload images.',
    );
    expect(screen.queryByRole('dialog', { name: 'Upload Image(s)' })).toBeNull();
  });

  it('names its building under the heading, linked to it', async () => {
    stubFetch({ 'GET /api/images/infinite-scroll': (_init, url) => listAnswer(url) });
    renderWithProviders(<GalleryPage buildingId={3} buildingName="Chrysler Building" />);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Gallery');
    expect(screen.getByRole('link', { name: 'Chrysler Building' }).getAttribute('href')).toBe('/buildings/3');
  });

  it('invites the first upload when the building has no image', async () => {
    stubFetch({
      'GET /api/images/infinite-scroll': () =>
        json({ items: [], total: 0, hasNext: false, page: 1, per_page: 10 }),
    });
    renderWithProviders(
      <>
        <GalleryPage buildingId={3} />
        <ModalText />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Upload the first image' }));
    expect((await screen.findByTestId('modal')).textContent).toBe(
      'Authentication Required / You need to be logged in to upload images.',
    );
  });
});

describe('the full view in French', () => {
  beforeEach(() => {
    stubBrowserApis();
    vi.stubGlobal('IntersectionObserver', VisibleObserver);
    setCatalogue('fr', fr);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('counts the images, names the buttons and asks before removing in French', async () => {
    stubFetch({ 'GET /api/images/infinite-scroll': (_init, url) => listAnswer(url) });
    renderWithProviders(<GalleryPage buildingId={3} />, { queryClient: queryClientSignedIn(testUser) });
    const grid = await screen.findByRole('list', { name: 'Images de la galerie' });
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(3));
    await userEvent.click(within(grid).getAllByRole('button')[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Image 2 sur 3' });
    expect(within(dialog).getByRole('button', { name: 'Image précédente' })).toBeTruthy();
    expect(within(dialog).getByText('Ajouté par').textContent).toBe('Ajouté par ada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    expect(within(dialog).getByText('Voulez-vous vraiment supprimer cette image ?')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeTruthy();
  });
});

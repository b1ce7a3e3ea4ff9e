// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Image } from '#domain/images';
import { testImage } from '../testing/image-fixtures.ts';
import { json, renderWithProviders, stubBrowserApis, stubFetch } from '../../../testing/render.tsx';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import { ThroughTimeButton } from './through-time-button.tsx';

const photo = (id: number, capture_year: number | null): Image => ({
  ...testImage(id),
  capture_year,
  capture_date: capture_year === null ? null : String(capture_year),
  description: `Photo ${id}`,
});

function answer(items: Image[]) {
  return json({ items, total: items.length, hasNext: false, page: 1, per_page: 100 });
}

async function open() {
  await userEvent.click(screen.getByRole('button', { name: 'Through time' }));
  return screen.findByRole('dialog', { name: 'Through time' }, { timeout: 5000 });
}

describe('Through time', () => {
  beforeEach(() => stubBrowserApis());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks the photos by capture year and lists them oldest first, undated last', async () => {
    const { calls } = stubFetch({
      'GET /api/images/infinite-scroll': () => answer([photo(3, 1890), photo(1, 1950), photo(2, null)]),
    });
    renderWithProviders(<ThroughTimeButton buildingId={9} />);
    const dialog = await open();
    const list = await within(dialog).findByRole('list', { name: 'Photos by year taken' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1890', '1950', 'Year unknown']);
    const query = new URL(calls[0]!.url, 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      buildingId: '9',
      sortBy: 'capture_date',
      sortOrder: 'asc',
      per_page: '100',
    });
  });

  it('compares the earliest and the latest, and the divider moves with the keyboard as a slider', async () => {
    stubFetch({
      'GET /api/images/infinite-scroll': () =>
        answer([photo(3, 1890), photo(4, 1920), photo(1, 1950), photo(2, null)]),
    });
    renderWithProviders(<ThroughTimeButton buildingId={9} />);
    const dialog = await open();
    const slider = await within(dialog).findByRole('slider', { name: 'Compare divider' });
    expect(within(dialog).getByRole('combobox', { name: 'Earlier photo' })).toHaveProperty(
      'value',
      '1890 (photo 1 of 3) – Photo 3',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Later photo' })).toHaveProperty(
      'value',
      '1950 (photo 3 of 3) – Photo 1',
    );
    expect(slider.getAttribute('aria-valuenow')).toBe('50');
    expect(slider.getAttribute('aria-valuemin')).toBe('0');
    expect(slider.getAttribute('aria-valuemax')).toBe('100');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider.getAttribute('aria-valuenow')).toBe('60');
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    const [later, earlier] = within(dialog).getAllByRole('img').slice(0, 2);
    expect(earlier?.getAttribute('alt')).toBe('1890: Photo 3');
    expect(earlier?.getAttribute('style')).toContain('inset(0 100% 0 0)');
    expect(later?.getAttribute('alt')).toBe('1950: Photo 1');

    // Either photo can be changed.
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Later photo' }));
    await userEvent.click(await screen.findByRole('option', { name: '1920 (photo 2 of 3) – Photo 4' }));
    await waitFor(() =>
      expect(within(dialog).getAllByRole('img')[0]?.getAttribute('alt')).toBe('1920: Photo 4'),
    );
  });

  it('says so when fewer than two photos have a capture year, and when there is none', async () => {
    stubFetch({ 'GET /api/images/infinite-scroll': () => answer([photo(1, 1950), photo(2, null)]) });
    renderWithProviders(<ThroughTimeButton buildingId={9} />);
    const dialog = await open();
    expect(
      await within(dialog).findByText('Comparing needs at least two photos with a capture year.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('slider')).toBeNull();
    cleanup();

    stubFetch({ 'GET /api/images/infinite-scroll': () => answer([]) });
    renderWithProviders(<ThroughTimeButton buildingId={10} />);
    expect(await within(await open()).findByText('No photos yet.')).toBeTruthy();
  });
});

describe('Through time in French', () => {
  beforeEach(() => {
    stubBrowserApis();
    setCatalogue('fr', fr);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names the dialog, the compared photos and an undated photo in French', async () => {
    stubFetch({
      'GET /api/images/infinite-scroll': () => answer([photo(3, 1890), photo(1, 1950), photo(2, null)]),
    });
    renderWithProviders(<ThroughTimeButton buildingId={9} />);
    await userEvent.click(screen.getByRole('button', { name: 'À travers le temps' }));
    const dialog = await screen.findByRole('dialog', { name: 'À travers le temps' }, { timeout: 5000 });
    const list = await within(dialog).findByRole('list', { name: 'Photos par année de prise de vue' });
    expect(within(list).getAllByRole('listitem').at(-1)?.textContent).toBe('Année inconnue');
    expect(within(dialog).getByRole('combobox', { name: 'Photo la plus ancienne' })).toHaveProperty(
      'value',
      '1890 (photo 1 sur 2) – Photo 3',
    );
    expect(within(dialog).getByRole('slider', { name: 'Séparateur de comparaison' })).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuildingCard as BuildingCardData } from '#domain/building-list';
import { LOCATOR_SIZE, LOCATOR_VERSION } from '#domain/locator';
import { renderWithProviders, stubBrowserApis } from '../../../testing/render.tsx';
import { BuildingCard } from './building-card.tsx';

const building: BuildingCardData = {
  id: 3,
  name: 'Tower Bridge',
  year_built: 1894,
  year_demolished: null,
  cover_image: null,
  vote_stats: { net_votes: 0, upvotes: 0, meh_votes: 0, downvotes: 0 },
  coordinates: [-0.075412, 51.505456],
};

const pictureOf = (container: HTMLElement) => container.querySelector('img');

describe('building card picture (a locator until the building has a cover)', () => {
  beforeEach(stubBrowserApis);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the locator of its coordinates, sized and lazy, when it has no cover', () => {
    const { container } = renderWithProviders(
      <BuildingCard building={building} highlighted={false} onHover={vi.fn()} />,
    );
    const img = pictureOf(container);
    expect(img).not.toBeNull();
    const url = new URL(img?.getAttribute('src') ?? '', 'http://localhost');
    expect(url.pathname).toBe('/api/locator.svg');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lng: '-0.08',
      lat: '51.51',
      scheme: 'light',
      v: LOCATOR_VERSION,
    });
    expect(img?.getAttribute('width')).toBe(String(LOCATOR_SIZE.width));
    expect(img?.getAttribute('height')).toBe(String(LOCATOR_SIZE.height));
    expect(img?.getAttribute('loading')).toBe('lazy');
    // Decorative: the name beside it names the link.
    expect(img?.getAttribute('alt')).toBe('');
    expect(screen.getByRole('link').textContent).toContain('Tower Bridge');
  });

  it('shows the cover image when it has one', () => {
    const { container } = renderWithProviders(
      <BuildingCard
        building={{ ...building, cover_image: '/media/covers/3.webp' }}
        highlighted={false}
        onHover={vi.fn()}
      />,
    );
    const img = pictureOf(container);
    expect(img?.getAttribute('src')).toBe('/media/covers/3.webp');
    expect(container.querySelector('img[src^="/api/locator.svg"]')).toBeNull();
  });

  it('asks for the dark locator in the dark colour scheme', () => {
    const { container } = render(
      <MantineProvider env="test" forceColorScheme="dark">
        <MemoryRouter>
          <BuildingCard building={building} highlighted={false} onHover={vi.fn()} />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(pictureOf(container)?.getAttribute('src')).toContain('scheme=dark');
  });
});

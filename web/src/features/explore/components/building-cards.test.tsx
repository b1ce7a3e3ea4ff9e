// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubBrowserApis } from '../../../testing/render.tsx';
import { BuildingCards } from './building-cards.tsx';

const props = {
  cards: [],
  loading: false,
  error: false,
  page: 1,
  pages: 500,
  onPageChange: () => undefined,
  highlightedIds: [],
  onHoverBuilding: () => undefined,
};

describe('explore card list count (product §2; counts stop at a bound)', () => {
  beforeEach(stubBrowserApis);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows an exact count as it is on narrow screens: 'Showing {n} buildings worldwide'", () => {
    renderWithProviders(<BuildingCards {...props} total={35} totalExact narrow />);
    expect(screen.getByRole('status').textContent).toBe('Showing 35 buildings worldwide');
  });

  it('shows a count the server stopped at as a lower bound', () => {
    renderWithProviders(<BuildingCards {...props} total={10000} totalExact={false} narrow />);
    expect(screen.getByRole('status').textContent).toBe('Showing 10000+ buildings worldwide');
  });

  it('shows the lower bound beside the heading on wide screens', () => {
    renderWithProviders(<BuildingCards {...props} total={10000} totalExact={false} narrow={false} />);
    expect(screen.getByText('10000+')).toBeTruthy();
  });
});

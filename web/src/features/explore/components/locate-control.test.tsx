// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import { renderWithProviders, stubBrowserApis } from '../../../testing/render.tsx';
import { CardOrderSelect } from './card-order.tsx';
import { LocateControl } from './locate-control.tsx';

describe("the explore map's location button and the cards' order", () => {
  beforeEach(() => stubBrowserApis());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('are named in English', () => {
    renderWithProviders(
      <>
        <LocateControl map={null} />
        <CardOrderSelect value={undefined} onChange={() => {}} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Show my location' })).toBeTruthy();
    const order = screen.getByRole('combobox', { name: 'Order of the cards' });
    expect(
      within(order)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Newest', 'Nearest']);
  });

  it('are named in French', () => {
    setCatalogue('fr', fr);
    const onChange = vi.fn();
    renderWithProviders(
      <>
        <LocateControl map={null} />
        <CardOrderSelect value="distance" onChange={onChange} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Afficher ma position' })).toBeTruthy();
    const order = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Ordre des cartes' });
    expect(
      within(order)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Les plus récents', 'Les plus proches']);
    expect(order.value).toBe('distance');
  });
});

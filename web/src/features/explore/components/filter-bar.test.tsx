// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubBrowserApis } from '../../../testing/render.tsx';
import { initialFiltersState, type FiltersState } from '../model/filters.ts';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import { activeFilterCount, FilterBar } from './filter-bar.tsx';

const styles = [
  { id: 1, name: 'Art Deco' },
  { id: 2, name: 'Gothic' },
];

describe('filter bar on phones', () => {
  beforeEach(stubBrowserApis);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('counts each chosen style and the year range as one filter', () => {
    expect(activeFilterCount(initialFiltersState)).toBe(0);
    const filters: FiltersState = {
      ...initialFiltersState,
      selectedArchitecturalStyles: [1, 2],
      builtAfterDate: 1900,
      builtBeforeDate: 2026,
    };
    expect(activeFilterCount(filters)).toBe(3);
  });

  it("folds the controls behind a 'Filters' button that shows the count", () => {
    const filters: FiltersState = { ...initialFiltersState, selectedArchitecturalStyles: [2] };
    renderWithProviders(<FilterBar filters={filters} dispatch={() => {}} styles={styles} collapsible />);
    const button = screen.getByRole('button', { name: 'Filters 1 active' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const controls = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(controls?.hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(controls?.hidden).toBe(false);
  });

  it('mounts the style multi-select when the folded bar first opens, and keeps it', async () => {
    renderWithProviders(<FilterBar filters={initialFiltersState} dispatch={() => {}} styles={styles} collapsible />);
    const fields = () => screen.getAllByLabelText('Architectural styles');
    // Folded: only the stand-in, which takes no typing.
    expect(fields().map((field) => field.hasAttribute('readonly'))).toEqual([true]);
    const button = screen.getByRole('button', { name: 'Filters' });
    fireEvent.click(button);
    await waitFor(() => expect(fields().some((field) => field.hasAttribute('readonly'))).toBe(false));
    fireEvent.click(button);
    expect(fields().some((field) => field.hasAttribute('readonly'))).toBe(false);
  });

  it("counts 'Needs photos' as one more filter", () => {
    expect(activeFilterCount({ ...initialFiltersState, needsPhotos: true })).toBe(1);
    expect(
      activeFilterCount({ ...initialFiltersState, needsPhotos: true, selectedArchitecturalStyles: [1] }),
    ).toBe(2);
  });

  it("toggles 'Needs photos' with a pressed button", () => {
    const dispatch = vi.fn();
    renderWithProviders(<FilterBar filters={initialFiltersState} dispatch={dispatch} styles={styles} />);
    const off = screen.getByRole('button', { name: 'Needs photos' });
    expect(off.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(off);
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'needsPhotosChanged', needsPhotos: true });
    cleanup();
    const on = { ...initialFiltersState, needsPhotos: true };
    renderWithProviders(<FilterBar filters={on} dispatch={dispatch} styles={styles} />);
    const toggle = screen.getByRole('button', { name: 'Needs photos' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'needsPhotosChanged', needsPhotos: false });
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('shows the controls with no button on wider screens', () => {
    renderWithProviders(<FilterBar filters={initialFiltersState} dispatch={() => {}} styles={styles} />);
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Start year' })).toBeTruthy();
  });
});

describe('filter bar in French', () => {
  beforeEach(() => {
    stubBrowserApis();
    setCatalogue('fr', fr);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("names 'Needs photos' in French", () => {
    const dispatch = vi.fn();
    renderWithProviders(<FilterBar filters={initialFiltersState} dispatch={dispatch} styles={styles} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sans photo' }));
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'needsPhotosChanged', needsPhotos: true });
  });
});

// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '#domain/constants';
import { createColorSchemeManager } from '../color-scheme-manager.ts';
import { THEME_TRANSITION_CLASS } from '../theme-transition.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { stubMatchMediaWith } from '../../../testing/render.tsx';

function stubSystemDark(dark: boolean) {
  stubMatchMediaWith((query) => dark && query.includes('dark'));
}

function renderToggle() {
  return render(
    <MantineProvider colorSchemeManager={createColorSchemeManager()} env="test">
      <ThemeToggle />
    </MantineProvider>,
  );
}

const html = () => document.documentElement;

describe('ThemeToggle (product §1)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    html().className = '';
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('starts from the system dark preference and shows a sun', () => {
    stubSystemDark(true);
    const { container } = renderToggle();
    expect(html().getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(container.querySelector('[data-icon="sun"]')).not.toBeNull();
  });

  it('prefers the stored theme over the system and shows a moon in light mode', () => {
    stubSystemDark(true);
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    const { container } = renderToggle();
    expect(html().getAttribute('data-mantine-color-scheme')).toBe('light');
    expect(container.querySelector('[data-icon="moon"]')).not.toBeNull();
  });

  it('toggles, saves the choice and applies the transition class for 300 ms', async () => {
    stubSystemDark(false);
    vi.useFakeTimers();
    const { container } = renderToggle();
    fireEvent.click(screen.getByRole('button', { name: 'Toggle color scheme' }));

    expect(html().getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(container.querySelector('[data-icon="sun"]')).not.toBeNull();
    expect(html().classList.contains(THEME_TRANSITION_CLASS)).toBe(true);

    await act(() => vi.advanceTimersByTime(299));
    expect(html().classList.contains(THEME_TRANSITION_CLASS)).toBe(true);
    await act(() => vi.advanceTimersByTime(1));
    expect(html().classList.contains(THEME_TRANSITION_CLASS)).toBe(false);
  });
});

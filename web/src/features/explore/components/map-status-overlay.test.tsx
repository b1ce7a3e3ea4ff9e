// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubBrowserApis } from '../../../testing/render.tsx';
import { MapStatusOverlay } from './map-status-overlay.tsx';

describe('map status overlay (product §2)', () => {
  beforeEach(stubBrowserApis);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("offers Retry beside 'Error loading map data'", () => {
    const onRetry = vi.fn();
    renderWithProviders(<MapStatusOverlay status="error" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Error loading map data');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no Retry while loading', () => {
    renderWithProviders(<MapStatusOverlay status="loading" onRetry={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('Loading map data...');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

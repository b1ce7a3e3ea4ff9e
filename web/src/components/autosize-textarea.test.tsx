// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubBrowserApis } from '../testing/render.tsx';

/** The component as a page whose browser does (or does not) size textareas in CSS loads it. */
async function load(native: boolean) {
  vi.resetModules();
  vi.stubGlobal('CSS', {
    supports: (property: string, value: string) =>
      native && property === 'field-sizing' && value === 'content',
  });
  return (await import('./autosize-textarea.tsx')).AutosizeTextarea;
}

describe('a textarea that grows with its text', () => {
  beforeEach(stubBrowserApis);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is sized by the browser where it can (field-sizing), between the given rows, with no measuring copy', async () => {
    const AutosizeTextarea = await load(true);
    const { container } = renderWithProviders(
      <AutosizeTextarea aria-label="Comment" minRows={2} maxRows={10} />,
    );
    const box = screen.getByRole('textbox', { name: 'Comment' });
    expect(box.getAttribute('rows')).toBe('2');
    const root = box.closest<HTMLElement>('[style*="--autosize-min-rows"]');
    expect(root?.style.getPropertyValue('--autosize-min-rows')).toBe('2');
    expect(root?.style.getPropertyValue('--autosize-max-rows')).toBe('10');
    expect(container.querySelectorAll('textarea')).toHaveLength(1);
  });

  it("falls back to Mantine's autosize elsewhere", async () => {
    const AutosizeTextarea = await load(false);
    renderWithProviders(<AutosizeTextarea aria-label="Comment" minRows={2} maxRows={10} />);
    const box = screen.getByRole('textbox', { name: 'Comment' });
    // No rows for CSS: Mantine's autosize measures and sizes the textarea itself.
    expect(box.closest('[style*="--autosize-min-rows"]')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageTitle } from './page-title.ts';

describe('usePageTitle', () => {
  it('sets the title, follows it as it changes, and leaves it while undefined', () => {
    document.title = 'Before';
    const { rerender } = renderHook(({ title }: { title: string | undefined }) => usePageTitle(title), {
      initialProps: { title: undefined as string | undefined },
    });
    expect(document.title).toBe('Before');
    rerender({ title: 'One – Atlas of Buildings' });
    expect(document.title).toBe('One – Atlas of Buildings');
    rerender({ title: undefined });
    expect(document.title).toBe('One – Atlas of Buildings');
    rerender({ title: 'Two – Atlas of Buildings' });
    expect(document.title).toBe('Two – Atlas of Buildings');
  });
});

// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import fr from '#domain/messages/fr';
import { setCatalogue } from './i18n.ts';
import { titleFromQuery, usePageTitle } from './page-title.ts';

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

describe('titleFromQuery', () => {
  it("names a page after what it loaded, or 'Not found', in the page's language", () => {
    const loaded = { data: { name: 'Pantheon' }, error: null };
    expect(titleFromQuery(true, loaded, (b) => `${b.name} – Atlas of Buildings`)).toBe(
      'Pantheon – Atlas of Buildings',
    );
    expect(titleFromQuery(true, { data: undefined, error: null }, () => 'x')).toBeUndefined();
    expect(titleFromQuery(false, loaded, () => 'x')).toBe('Not found – Atlas of Buildings');
    setCatalogue('fr', fr);
    expect(titleFromQuery(false, loaded, () => 'x')).toBe('Introuvable – Atlas of Buildings');
  });
});

/**
 * The About and Privacy pages' prose comes with those pages' code: a French page translates it
 * once the route has loaded, an English page loads nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import fr from '#domain/messages/fr';
import { setCatalogue, t } from './i18n.ts';

const PROSE = 'About Atlas of Buildings';

describe('the pages’ prose', () => {
  afterEach(() => setCatalogue('en', {}));

  it('is not in the catalogue a page carries, and is translated once the route has loaded', async () => {
    setCatalogue('fr', fr);
    expect(PROSE in fr).toBe(false);
    expect(t(PROSE)).toBe(PROSE);
    const { loadPageProse } = await import('./i18n-pages.ts');
    await loadPageProse();
    expect(t(PROSE)).not.toBe(PROSE);
    expect(t(PROSE)).toMatch(/Atlas of Buildings/);
    // The page's other messages stay.
    expect(t('About')).toBe(fr.About);
  });
});

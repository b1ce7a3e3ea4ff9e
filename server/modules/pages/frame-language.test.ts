import { describe, expect, it } from 'vitest';
import { FRAME_TOKENS as T, type ExploreFrameFile } from '#domain/explore-frame';
import { frameIn } from './frame-language.ts';

const FRAME: ExploreFrameFile = {
  loading:
    '<nav aria-label="Main"><a href="/">Explore Buildings</a><a href="/about">About</a></nav>' +
    '<section aria-label="Buildings in view"><p>Loading buildings...</p></section>',
  withCards: `<p>Showing ${T.count} buildings worldwide</p><p>In the map&#x27;s view</p><p>Abouts</p>`,
  cards: {
    'locator-built-demolished': `<li><p>${T.name}</p><p>Built ${T.built} · Demolished ${T.demolished}</p><span aria-label="Votes: ${T.upvotes} smile, ${T.meh} meh, ${T.downvotes} frown"></span></li>`,
  },
  css: '.x{}',
};

describe('frameIn', () => {
  it('is the frame itself in English', () => {
    expect(frameIn(FRAME, 'en')).toBe(FRAME);
  });

  it('swaps whole texts and attribute values, and messages around the tokens', () => {
    const fr = frameIn(FRAME, 'fr');
    expect(fr.loading).toBe(
      '<nav aria-label="Principale"><a href="/">Explorer les bâtiments</a><a href="/about">À propos</a></nav>' +
        '<section aria-label="Bâtiments visibles"><p>Chargement des bâtiments…</p></section>',
    );
    // 'Abouts' is not the message 'About': only whole texts are swapped.
    expect(fr.withCards).toBe(
      `<p>${T.count} bâtiments affichés dans le monde</p><p>Dans la vue de la carte</p><p>Abouts</p>`,
    );
    expect(fr.cards['locator-built-demolished']).toBe(
      `<li><p>${T.name}</p><p>Construit en ${T.built} · Démoli en ${T.demolished}</p><span aria-label="Votes : ${T.upvotes} sourire, ${T.meh} bof, ${T.downvotes} grimace"></span></li>`,
    );
    expect(fr.css).toBe(FRAME.css);
  });

  it('keeps one translation per language and frame', () => {
    expect(frameIn(FRAME, 'ar')).toBe(frameIn(FRAME, 'ar'));
    expect(frameIn(FRAME, 'ar').loading).toContain('aria-label="المباني المعروضة"');
  });
});

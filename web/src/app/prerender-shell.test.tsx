import { describe, expect, it } from 'vitest';
import { FRAME_TOKENS as T, sampleFrameCards } from '#domain/explore-frame';
import { prerenderExploreFrame } from './prerender-shell.tsx';

describe('the explore frame rendered from the components (as the build does)', () => {
  it('draws the navigation bar and the explore screen in both layouts, cards from the sample list', () => {
    const frame = prerenderExploreFrame(sampleFrameCards());
    for (const html of [frame.loading, frame.withCards]) {
      expect(html).toMatch(/^<style/);
      expect(html).toContain('id="atlas-shell"');
      expect(html).toContain('aria-label="Atlas of Buildings home"');
      expect(html).toContain('href="/about"');
      expect(html).toContain('class="atlas-shell-wide"');
      expect(html).toContain('class="atlas-shell-narrow"');
      // The phone layout folds the filters behind a button; the desktop one shows them.
      expect(html.match(/>Filters</g)).toHaveLength(1);
      expect(html.match(/aria-label="Architectural styles"/g)).toHaveLength(2);
      expect(html).toContain('Standing: all years');
      for (const control of frame.controls) expect(html).toContain(control);
    }
    expect(frame.loading).toContain('Loading buildings...');
    expect(frame.loading).not.toContain(T.name);
    // Each layout draws every sample card, with its tokens, and the count in its own words.
    expect(frame.withCards.match(new RegExp(`>${T.name}<`, 'g'))).toHaveLength(16);
    expect(frame.withCards).toContain(`href="/buildings/${T.id}"`);
    expect(frame.withCards).toContain(`Built ${T.built} · Demolished ${T.demolished}`);
    expect(frame.withCards).toContain(`Showing ${T.count} buildings worldwide`);
    expect(frame.withCards).toContain(`>${T.count}<`);
    // No id twice, though the screen is drawn twice.
    for (const html of [frame.loading, frame.withCards]) {
      const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
      expect(ids.length).toBeGreaterThan(1);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});

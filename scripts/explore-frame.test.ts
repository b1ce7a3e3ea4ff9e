import { describe, expect, it } from 'vitest';
import { CARD_VARIANTS, FRAME_TOKENS as T, sampleFrameCards } from '../domain/explore-frame.ts';
import { prerenderExploreFrame } from '../web/src/app/prerender-shell.tsx';
import { templated } from './explore-frame.ts';

describe("the build's explore frame file", () => {
  it('holds a card template per variant, the card lists as a token, controls inert, styles apart', async () => {
    const rendered = prerenderExploreFrame(sampleFrameCards());
    const frame = await templated(rendered);
    expect(Object.keys(frame.cards)).toHaveLength(CARD_VARIANTS.length);
    expect(frame.cards['cover-built']).toContain(`src="${T.cover}"`);
    expect(frame.cards['cover-built']).toContain(`Built ${T.built}`);
    // A locator follows the system's colour scheme in the frame.
    expect(frame.cards.locator).toContain(
      `<picture style="display:contents"><source media="(prefers-color-scheme: dark)" srcset="${T.locatorDark}"><img src="${T.locatorLight}"`,
    );
    expect(frame.cards.locator).not.toContain('Built');
    expect(frame.cards['locator-demolished']).toContain(`Demolished ${T.demolished}`);
    expect(frame.withCards.match(new RegExp(`<ul[^>]*>${T.cardList}</ul>`, 'g'))).toHaveLength(2);
    expect(frame.withCards).not.toContain(T.name);
    for (const html of [frame.loading, frame.withCards]) {
      expect(html).not.toContain('<style');
      for (const control of rendered.controls)
        expect(html).toMatch(
          new RegExp(`class="[^"]*${control}[^"]*"[^>]*inert=""|inert=""[^>]*class="[^"]*${control}`),
        );
    }
    expect(frame.mantineStyles.join('')).toContain('--mantine-color-dimmed');
    expect(frame.ownStyles.join('')).toContain('.atlas-shell-narrow');
    expect(frame.ownStyles.join('')).toContain('#atlas-shell[data-standing-year]');
    expect(frame.mantineStyles.join('')).not.toContain('atlas-shell');
  });
});

import { describe, expect, it } from 'vitest';
import { ICON_FILES, installHeadTags, MANIFEST_PATH, THEME_COLOR, webManifest } from './web-manifest.ts';

describe('the web app manifest', () => {
  it('has what browsers need to install the site: names, start, standalone display, colours', () => {
    expect(webManifest).toMatchObject({
      name: 'Atlas of Buildings',
      short_name: 'Atlas',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: '#ffffff',
    });
    // Launchers cut names longer than about 12 characters.
    expect(webManifest.short_name.length).toBeLessThanOrEqual(12);
    expect(webManifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('names PNG icons of 192 and 512 px for any use and a maskable one', () => {
    const sizes = (purpose: string) =>
      webManifest.icons.filter((i) => i.purpose === purpose && i.type === 'image/png').map((i) => i.sizes);
    expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes('maskable')).toContain('512x512');
    for (const icon of webManifest.icons) {
      expect(Object.values(ICON_FILES).map((f) => `/${f}`)).toContain(icon.src);
    }
  });

  it('gives the head the favicons, the touch icon and the theme colour', () => {
    const head = installHeadTags();
    expect(head).toContain(`<link rel="icon" href="/${ICON_FILES.ico}" sizes="32x32" />`);
    expect(head).toContain(`<link rel="icon" href="/${ICON_FILES.svg}" type="image/svg+xml" />`);
    expect(head).toContain(`<link rel="apple-touch-icon" href="/${ICON_FILES.appleTouch}" />`);
    expect(head).toContain(`<meta name="theme-color" content="${THEME_COLOR}" />`);
    expect(MANIFEST_PATH).toBe('/manifest.webmanifest');
  });
});

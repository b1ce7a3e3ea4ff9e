/**
 * The web app manifest (what a browser needs to install the site, product: 'Installable') and the
 * icon files it and the page head name. vite.config.ts writes it as /manifest.webmanifest at build
 * time (vite-plugin-pwa), scripts/icons.ts draws the icons, and server/modules/pages links them
 * from every page's head. No zod here: the build and the server read it as plain data.
 */
import { SITE_NAME } from './pages.ts';

/** The theme's primary colour (Mantine blue 8, web/src/app/theme.ts) and the light background. */
export const THEME_COLOR = '#1971c2';
export const BACKGROUND_COLOR = '#ffffff';

/** Where the manifest is served (the link in every page head names it). */
export const MANIFEST_PATH = '/manifest.webmanifest';

/** The icons' file names in web/public/, served from the site's root. */
export const ICON_FILES = {
  svg: 'favicon.svg',
  ico: 'favicon.ico',
  appleTouch: 'apple-touch-icon.png',
  any192: 'icon-192.png',
  any512: 'icon-512.png',
  maskable512: 'icon-maskable-512.png',
} as const;

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: 'any' | 'maskable';
}

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

export const webManifest: WebManifest = {
  id: '/',
  name: SITE_NAME,
  short_name: 'Atlas',
  description: 'A community catalogue of architecture on a world map.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: [
    { src: `/${ICON_FILES.any192}`, sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: `/${ICON_FILES.any512}`, sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: `/${ICON_FILES.maskable512}`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * The head's links and colour for installing: favicons, touch icon, theme colour (the manifest's
 * link is added by vite-plugin-pwa).
 */
export function installHeadTags(): string {
  return [
    `<link rel="icon" href="/${ICON_FILES.ico}" sizes="32x32" />`,
    `<link rel="icon" href="/${ICON_FILES.svg}" type="image/svg+xml" />`,
    `<link rel="apple-touch-icon" href="/${ICON_FILES.appleTouch}" />`,
    `<meta name="theme-color" content="${THEME_COLOR}" />`,
  ].join('\n    ');
}

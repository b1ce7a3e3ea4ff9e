/**
 * The explore screen's frame as plain HTML (first paint of the map pages). The server
 * puts it before the empty `<div id="root">` of the map routes' page, so the navigation bar, the
 * filter bar's and time slider's strips, the map area and the card column paint with the HTML
 * alone, seconds before the app's scripts and stylesheet on a slow phone. The app's first commit
 * removes it (web/src/app/app.tsx, in the same task, so no frame shows both) and draws its own
 * elements at the same places and sizes: measured from the app (app-layout, navigation-bar,
 * explore-screen, filter-bar and time-control styles, Mantine's spacing), in both themes and on
 * phones (≤ 767 px, MAP_MOBILE_MAX_WIDTH). It holds no data and no control: links are plain links.
 */
import type { BuildingCard, BuildingList } from '#domain/building-list';
import { buildingYearsText } from '#domain/building-years';
import { MAP_MOBILE_MAX_WIDTH } from '#domain/constants';
import { locatorUrl } from '#domain/endpoints/locator';
import { LOCATOR_SIZE } from '#domain/locator';
import { escapeHtml } from './page-head.ts';

/** Id of the frame's element (the app removes it). */
export const SHELL_ELEMENT_ID = 'atlas-shell';

/** First path segments of screens that are not the explore screen (web/src/app/router.tsx). */
const OTHER_SCREENS = new Set(['gallery', 'architects', 'about', 'user']);

/** True when the web app shows the explore screen (the map) for this path. */
export function showsExploreScreen(pathname: string): boolean {
  const first = pathname.split('/').find(Boolean);
  return first === undefined || !OTHER_SCREENS.has(first);
}

// Colours of Mantine's default theme as the app uses them (light / dark).
const LIGHT = {
  body: '#fff',
  text: '#000',
  border: '#ced4da',
  header: '#dee2e6',
  map: '#f1f3f5',
  dimmed: '#495057',
};
const DARK = {
  body: '#242424',
  text: '#c9c9c9',
  border: '#424242',
  header: '#424242',
  map: '#2e2e2e',
  dimmed: '#b8b8b8',
};
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
const PRIMARY = '#1971c2';

/** The frame's CSS (inline in the head: it must not wait for a stylesheet). */
export const EXPLORE_SHELL_CSS = `
body{margin:0}
.atlas-shell{display:flex;flex-direction:column;height:100dvh;background:${LIGHT.body};color:${LIGHT.text};font-family:${FONT};font-size:16px;line-height:1.55}
.atlas-shell a{color:inherit;text-decoration:none}
.atlas-shell-header{flex:0 0 60px;box-sizing:border-box;display:flex;align-items:center;gap:20px;padding:0 16px;border-bottom:1px solid ${LIGHT.header}}
.atlas-shell-brand{display:flex;align-items:center;gap:8px;font-size:18px;font-weight:700;white-space:nowrap}
.atlas-shell-brand svg{display:block;flex:none}
.atlas-shell-link{font-weight:500;white-space:nowrap}
.atlas-shell-toolbar{flex:0 0 57px;box-sizing:border-box;border-bottom:1px solid ${LIGHT.border}}
.atlas-shell-time{flex:0 0 43px;box-sizing:border-box;border-bottom:1px solid ${LIGHT.border}}
.atlas-shell-body{flex:1;min-height:0;display:flex}
.atlas-shell-map{flex:1;min-width:0;background:${LIGHT.map}}
.atlas-shell-cards{flex:0 0 360px;box-sizing:border-box;border-left:1px solid ${LIGHT.border};display:flex;flex-direction:column;overflow:hidden}
.atlas-shell-count{padding:12px 16px;border-bottom:1px solid ${LIGHT.border};display:flex;justify-content:space-between;align-items:baseline}
.atlas-shell-count-title{font-size:18px;line-height:1.45;font-weight:700}
.atlas-shell-dim{font-size:14px;line-height:1.45;color:${LIGHT.dimmed}}
.atlas-shell-narrow{display:none}
.atlas-shell-list{list-style:none;margin:0;padding:12px 24px 12px 12px;display:flex;flex-direction:column;gap:12px}
.atlas-shell-card{display:flex;gap:12px;padding:10px;border:1px solid ${LIGHT.border};border-radius:8px}
.atlas-shell-cover{flex:0 0 88px;height:72px;border-radius:4px;overflow:hidden}
.atlas-shell-cover img{width:100%;height:100%;object-fit:cover;display:block}
.atlas-shell-card-body{min-width:0}
.atlas-shell-card-name{margin:0;font-weight:600;line-height:1.3;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.atlas-shell-card-years{margin:0}
.atlas-shell-card-votes{height:16.8px;margin-top:4px}
[data-mantine-color-scheme='dark'] .atlas-shell{background:${DARK.body};color:${DARK.text}}
[data-mantine-color-scheme='dark'] .atlas-shell-header{border-bottom-color:${DARK.header}}
[data-mantine-color-scheme='dark'] .atlas-shell-toolbar,[data-mantine-color-scheme='dark'] .atlas-shell-time{border-bottom-color:${DARK.border}}
[data-mantine-color-scheme='dark'] .atlas-shell-cards,[data-mantine-color-scheme='dark'] .atlas-shell-count,[data-mantine-color-scheme='dark'] .atlas-shell-card{border-color:${DARK.border}}
[data-mantine-color-scheme='dark'] .atlas-shell-dim{color:${DARK.dimmed}}
[data-mantine-color-scheme='dark'] .atlas-shell-map{background:${DARK.map}}
@media (max-width:${MAP_MOBILE_MAX_WIDTH}px){
.atlas-shell-header{gap:10px;padding:0 10px}
.atlas-shell-name,.atlas-shell-wide{display:none}
.atlas-shell-toolbar{flex-basis:51px}
.atlas-shell-body{flex-direction:column}
.atlas-shell-map{flex:0 0 55%}
.atlas-shell-cards{flex:1;border-left:0;border-top:1px solid ${LIGHT.border}}
.atlas-shell-wide-count{display:none}
.atlas-shell-narrow{display:block}
}`
  .trim()
  .replace(/\n/g, '');

/** The frame's markup (the logo is the one of web/src/features/navigation/components/logo.tsx). */
export const EXPLORE_SHELL_HTML = [
  `<div id="${SHELL_ELEMENT_ID}" class="atlas-shell">`,
  '<div class="atlas-shell-header">',
  '<a class="atlas-shell-brand" href="/" aria-label="Atlas of Buildings home">',
  `<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="6" fill="${PRIMARY}"/><path d="M8 26V12l8-6 8 6v14h-5v-7h-6v7z" fill="#fff"/></svg>`,
  '<span class="atlas-shell-name">Atlas of Buildings</span></a>',
  '<a class="atlas-shell-link" href="/">Explore Buildings</a>',
  '<a class="atlas-shell-link atlas-shell-wide" href="/about">About</a>',
  '</div>',
  '<div class="atlas-shell-toolbar"></div>',
  '<div class="atlas-shell-time"></div>',
  '<div class="atlas-shell-body"><div class="atlas-shell-map"></div><div class="atlas-shell-cards"></div></div>',
  '</div>',
].join('');

/**
 * A card's picture as the page can show it before the app runs (BuildingCover draws the same): its
 * cover image, or until it has one its locator, in the light and the dark scheme (the page follows
 * the system's).
 */
export function cardPictureUrls(card: BuildingCard): { cover: boolean; light: string; dark: string } {
  if (card.cover_image) return { cover: true, light: card.cover_image, dark: card.cover_image };
  return {
    cover: false,
    light: locatorUrl(card.coordinates, 'light'),
    dark: locatorUrl(card.coordinates, 'dark'),
  };
}

/** How many of the first card page's cards the frame draws (more than a tall window shows). */
const SHELL_CARDS = 8;

/**
 * The first cards of the start view as plain HTML, for the frame's card column (the page's largest
 * text on a phone, its LCP, then paints with the HTML): the card list's header and the first
 * cards' picture, name and years at the places and sizes web/src/features/explore/components
 * (building-cards, building-card) give them; the app's first commit replaces them with its own.
 * A locator picture follows the system's colour scheme, as the first card's preload does.
 */
export function exploreShellCards(list: BuildingList): string {
  const count = escapeHtml(list.total_exact ? String(list.total) : `${list.total}+`);
  const picture = (card: BuildingCard): string => {
    const urls = cardPictureUrls(card);
    if (urls.cover) return `<img src="${escapeHtml(urls.light)}" alt="">`;
    const { width, height } = LOCATOR_SIZE;
    return (
      `<picture><source media="(prefers-color-scheme: dark)" srcset="${escapeHtml(urls.dark)}">` +
      `<img src="${escapeHtml(urls.light)}" alt="" width="${width}" height="${height}"></picture>`
    );
  };
  const cards = list.items.slice(0, SHELL_CARDS).map((card) => {
    const years = buildingYearsText(card);
    return (
      `<li><a class="atlas-shell-card" href="/buildings/${card.id}">` +
      `<div class="atlas-shell-cover">${picture(card)}</div>` +
      '<div class="atlas-shell-card-body">' +
      `<p class="atlas-shell-card-name">${escapeHtml(card.name)}</p>` +
      (years ? `<p class="atlas-shell-card-years atlas-shell-dim">${escapeHtml(years)}</p>` : '') +
      '<div class="atlas-shell-card-votes"></div></div></a></li>'
    );
  });
  return [
    '<div class="atlas-shell-count">',
    `<span class="atlas-shell-wide-count atlas-shell-count-title">Buildings in view</span><span class="atlas-shell-wide-count atlas-shell-dim">${count}</span>`,
    `<span class="atlas-shell-narrow atlas-shell-dim">Showing ${count} buildings worldwide</span>`,
    '</div>',
    `<ul class="atlas-shell-list">${cards.join('')}</ul>`,
  ].join('');
}

const STYLESHEET = /<link rel="stylesheet"([^>]*)>/g;

/** Marks the head's stylesheets that the app applies itself (web/src/main.tsx). */
export const DEFERRED_STYLESHEET_ATTRIBUTE = 'data-atlas-stylesheet';

/**
 * The page with the explore frame: its style at the end of the head, its markup before the empty
 * `<div id="root">` (with `cards` in its card column, from exploreShellCards), and `data` (the
 * prefetched answers, preloads) after it. The head's
 * stylesheets become preloads in their place: a stylesheet holds back the first paint until it has
 * loaded (and the app's scripts too), so the app adds them at the same places once it runs and
 * renders when they have loaded (the cascade order stays). A template without a head or the root
 * is returned unchanged.
 */
export function withExploreShell(page: string, data = '', cards = ''): string {
  const root = /<div id="root"><\/div>/;
  const headEnd = page.indexOf('</head>');
  if (!root.test(page) || headEnd < 0) return page;
  const frame = cards
    ? EXPLORE_SHELL_HTML.replace(
        '<div class="atlas-shell-cards"></div>',
        () => `<div class="atlas-shell-cards">${cards}</div>`,
      )
    : EXPLORE_SHELL_HTML;
  const head = page
    .slice(0, headEnd)
    .replace(
      STYLESHEET,
      (_link, attrs: string) => `<link rel="preload" as="style"${attrs} ${DEFERRED_STYLESHEET_ATTRIBUTE}>`,
    );
  return `${head}\n    <style>${EXPLORE_SHELL_CSS}</style>\n  ${page
    .slice(headEnd)
    .replace(root, (element) => `${frame}${element}${data}`)}`;
}

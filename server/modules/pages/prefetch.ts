/**
 * API answers the web app would ask for first, sent inside its page: the explore
 * screen's first card page for the start view. On a slow phone the cards (the page's largest
 * text, its LCP) then need the app's scripts only, not another round trip after them. The answer
 * is the API's own (`inject` runs the real route with the visitor's cookie and address, so auth,
 * validation and rate limits apply as to the browser's request); web/src/lib/prefetched.ts hands
 * it to the first matching GET and never again. The first card's picture is preloaded too: on a
 * phone it is the largest thing on the screen, and it can load while the scripts do.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BUILDINGS_PER_PAGE_DEFAULT, MAP_DEFAULT_BOUNDS } from '#domain/constants';
import { API_PREFIX, fillPath } from '#domain/endpoints/define';
import type { BuildingList } from '#domain/building-list';
import { buildingEndpoints } from '#domain/endpoints/buildings';
import { matchPattern, pages } from '#domain/pages';
import { cardPictureUrls } from './explore-frame.ts';
import { escapeHtml } from './page-head.ts';

/** Id of the `<script type="application/json">` holding the answers by URL. */
export const PREFETCH_ELEMENT_ID = 'atlas-prefetch';

/**
 * The card list's URL as the explore screen asks for it at the start view with no filter (the
 * default fetch box, page 1): web/src/features/explore/api/get-buildings.ts builds the same.
 */
export function startCardsUrl(): string {
  const { north, south, east, west } = MAP_DEFAULT_BOUNDS;
  const query = new URLSearchParams({
    north: String(north),
    south: String(south),
    east: String(east),
    west: String(west),
    page: '1',
    per_page: String(BUILDINGS_PER_PAGE_DEFAULT),
  });
  return `${API_PREFIX}${buildingEndpoints.list.path}?${query.toString()}`;
}

/** JSON that cannot end the script element it sits in (`</script>`, `<!--`). */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Preloads of the first card's picture: its cover image, or its locator in the colour scheme the
 * page will most likely use (the system's; a theme chosen on the site against it only costs
 * a small picture loaded for nothing).
 */
function firstPicturePreloads(list: BuildingList): string[] {
  const first = list.items[0];
  if (!first) return [];
  const preload = (href: string, media?: string) =>
    `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(href)}"${media ? ` media="${media}"` : ''}>`;
  const urls = cardPictureUrls(first);
  if (urls.cover) return [preload(urls.light)];
  return (['light', 'dark'] as const).map((scheme) =>
    preload(urls[scheme], `(prefers-color-scheme: ${scheme})`),
  );
}

/** The building id of a building page's path (the page table's building page), else undefined. */
function buildingIdOf(pathname: string): string | undefined {
  const id = matchPattern(pages.building.pattern, pathname)?.id;
  return id !== undefined && /^[1-9]\d{0,9}$/.test(id) ? id : undefined;
}

/**
 * A building page's building, asked for with the page's scripts rather than after them: a
 * preload the app's own request then takes (the same URL and credentials mode as
 * web/src/lib/api-client.ts uses for it), so the view is counted when a browser loads it, as
 * before, and never for a crawler reading the page.
 */
export function buildingPreload(pathname: string): string {
  const id = buildingIdOf(pathname);
  if (id === undefined) return '';
  const href = `${API_PREFIX}${fillPath(buildingEndpoints.get.path, { id })}`;
  return `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(href)}">`;
}

/**
 * The `<script type="application/json">` element with the answers for an explore page opened
 * without a query (filters or a year in the URL ask for other cards) and the first card
 * picture's preloads (`data`), and the list itself, whose first cards the page's frame draws
 * (explore-frame.ts); no data and no list when there is nothing to send (an error answer is
 * left to the app to fetch and show). A building page sends none: its map opens at the
 * building, and its cards are those around it
 * (docs/decisions/2026-11-24-building-link-opens-at-the-building.md).
 */
export async function prefetchElement(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ data: string; list?: BuildingList }> {
  const none = { data: '' };
  const pathname = request.url.split('?')[0] ?? '/';
  if (request.url.includes('?') || buildingIdOf(pathname) !== undefined) return none;
  const url = startCardsUrl();
  const cookie = request.headers.cookie;
  const res = await app.inject({
    method: 'GET',
    url,
    remoteAddress: request.ip,
    headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
  });
  if (res.statusCode !== 200) return none;
  const list = res.json<BuildingList>();
  return {
    data: [
      `<script type="application/json" id="${PREFETCH_ELEMENT_ID}">${scriptSafeJson({ [url]: list })}</script>`,
      ...firstPicturePreloads(list),
    ].join(''),
    list,
  };
}

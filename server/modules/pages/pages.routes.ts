/**
 * What the server answers outside /api for browsers, link previews and search engines:
 * the web app's page with a head per route (page-head.ts), `/robots.txt` and `/sitemap.xml` of
 * the building pages (a sitemap index of pages `?page=n` when there are more than a page holds).
 */
import { API_PREFIX } from '#domain/endpoints/define';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { asc, count } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BASEMAP_VERSION_META } from '#domain/basemap';
import { BASEMAP_STREETS_META } from '#domain/streets-basemap';
import { exploreMapModules, matchPattern, pages, showsExploreMap, STANDING_YEAR_PARAM } from '#domain/pages';
import { MANIFEST_PATH } from '#domain/web-manifest';
import { integerParam } from '#domain/query-params';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  LANGUAGE_PARAM,
  isLanguage,
  resolveLanguage,
  textDirection,
  type Language,
} from '#domain/languages';
import { buildings } from '../../db/schema.ts';
import { etagMatches } from '../../http/compression.ts';
import { notFound } from '../../http/errors.ts';
import { visibleBuilding } from '../../db/visibility.ts';
import { exploreFrameReader, withExploreFrame } from './explore-frame.ts';
import { frameIn } from './frame-language.ts';
import { escapeHtml, pageHeadFor, renderIndexHtml } from './page-head.ts';
import { buildingPreload, prefetchElement, scriptSafeJson } from './prefetch.ts';
import { PAGE_CATALOGUES } from '#domain/catalogues';
import { MESSAGES_ELEMENT_ID } from '#domain/page-messages';
import { manifestReader, routePreloads } from './route-preloads.ts';

/** Sitemaps may list 50 000 URLs; smaller pages keep each answer quick to build and fetch. */
export const SITEMAP_PAGE_SIZE = 10_000;
/**
 * Sitemap answers one address may ask for a minute (each reads up to a page of rows); a crawler
 * reads a few pages a visit.
 */
export const SITEMAP_RATE_LIMIT = 30;

export interface PagesOptions {
  /** URLs per sitemap page (tests make it small). */
  sitemapPageSize?: number;
}

const XML = 'application/xml; charset=utf-8';

/**
 * True for a path that names a file (its last segment has an extension: `/manifest.json`,
 * `/favicon.ico`, `/assets/gone-abc.js`) and is no page of the page table. Such a path the
 * built app does not hold is answered 404, not with the app's page: a browser or a tool asking
 * for a file must not get HTML it takes for one.
 */
export function looksLikeAFile(pathname: string): boolean {
  const last = pathname.split('/').pop() ?? '';
  if (!/\.[a-z0-9]{1,12}$/i.test(last)) return false;
  return !Object.values(pages).some((page) => matchPattern(page.pattern, pathname) !== null);
}

export const pagesRoutes: FastifyPluginAsyncZod<PagesOptions> = async (app, opts) => {
  const pageSize = opts.sitemapPageSize ?? SITEMAP_PAGE_SIZE;
  const base = app.config.publicUrl;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          // The API is for the app; building pages carry the same facts.
          `Disallow: ${API_PREFIX}/`,
          `Disallow: ${pages.login.href()}`,
          // The moderators' screen shows nothing to anyone else.
          `Disallow: ${pages.moderation.href()}`,
          `Sitemap: ${base}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  // Tools and older browsers guess the manifest's name; the page heads link MANIFEST_PATH.
  app.get('/manifest.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.code(301).header('location', MANIFEST_PATH).header('cache-control', 'public, max-age=3600').send(),
  );

  app.get(
    '/sitemap.xml',
    {
      // Counted by the app's root hook (server/http/rate-limit.ts limitedAtRoot).
      config: { rateLimit: { max: SITEMAP_RATE_LIMIT, timeWindow: 60_000 } },
      schema: {
        hide: true,
        querystring: z.object({
          page: integerParam('page')
            .pipe(z.number().int().min(1, 'page must be 1 or more').max(1_000_000, 'page is too large'))
            .optional(),
        }),
      },
    },
    async (request, reply) => {
      reply.type(XML).header('cache-control', 'public, max-age=3600');
      // Only what visitors see is indexed: buildings moderators hid are left out (visibility.ts).
      const [{ n } = { n: 0 }] = await app.db
        .select({ n: count() })
        .from(buildings)
        .where(visibleBuilding(null));
      const pageCount = Math.max(1, Math.ceil(n / pageSize));
      const page = request.query.page;
      if (page === undefined && pageCount > 1) {
        const entries = Array.from(
          { length: pageCount },
          (_, i) => `  <sitemap><loc>${escapeHtml(`${base}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>`,
        );
        return reply.send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`,
        );
      }
      if ((page ?? 1) > pageCount)
        throw notFound(`The sitemap has ${pageCount} page${pageCount === 1 ? '' : 's'}.`);
      const rows = await app.db
        .select({ id: buildings.id, updated_at: buildings.updated_at })
        .from(buildings)
        .where(visibleBuilding(null))
        .orderBy(asc(buildings.id))
        .limit(pageSize)
        .offset(((page ?? 1) - 1) * pageSize);
      const urls = rows.map(
        (r) =>
          `  <url><loc>${base}${pages.building.href({ id: r.id })}</loc><lastmod>${r.updated_at.toISOString()}</lastmod></url>`,
      );
      return reply.send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}${urls.length ? '\n' : ''}</urlset>\n`,
      );
    },
  );
};

/**
 * Sends the web app's page for a deep link, its head filled for the route (and naming the
 * basemap's version, and the streets archive's path, when there are, for the map style); `no-cache` with an
 * ETag so a browser revalidates it (304) and always finds the current asset names. Null when the
 * app is not built (the caller answers 503).
 */
export function appPageSender(
  app: FastifyInstance,
  webDir: string | undefined,
  { basemapVersion, streetsArchive }: { basemapVersion?: string; streetsArchive?: string | undefined } = {},
) {
  const file = webDir ? path.join(webDir, 'index.html') : undefined;
  // Re-read when the file changes (a build while the server runs); a stat per page is cheap.
  let cached: { mtimeMs: number; html: string } | undefined;
  const template = (): string | undefined => {
    if (!file) return undefined;
    try {
      const { mtimeMs } = fs.statSync(file);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: fs.readFileSync(file, 'utf8') };
      return cached.html;
    } catch {
      return undefined;
    }
  };

  const manifest = manifestReader(webDir);
  const exploreFrame = exploreFrameReader(webDir);

  // Says whether the page was sent. Not the reply itself: a FastifyReply is a thenable, so an
  // awaited one resolves to undefined once sent, and the caller took that for 'nothing sent'.
  return async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const html = template();
    if (html === undefined) return false;
    const pathname = request.url.split('?')[0] ?? '/';
    const chosen = new URLSearchParams(request.url.split('?')[1] ?? '').get(LANGUAGE_PARAM);
    // Read here: the cookie parser is not registered for the pages (it belongs to the auth module).
    const cookie = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;]*)`).exec(
      request.headers.cookie ?? '',
    )?.[1];
    const language = resolveLanguage({
      query: chosen,
      cookie,
      acceptLanguage: request.headers['accept-language'],
    });
    // `?lang=` chooses for the visits to come: the server reads the cookie to paint their first frame.
    if (isLanguage(chosen) && cookie !== chosen)
      reply.header(
        'set-cookie',
        `${LANGUAGE_COOKIE}=${chosen}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax` +
          (app.config.publicUrl.startsWith('https:') ? '; Secure' : ''),
      );
    const head = await pageHeadFor(app.db, app.media, pathname, language);
    if (head.movedTo !== undefined) {
      // An old handle: search engines and links move to the current one. Not cached, as the
      // owner may take the old handle back.
      const search = request.url.slice(pathname.length);
      reply
        .code(301)
        .header('location', head.movedTo + search)
        .header('cache-control', 'no-store')
        .send();
      return true;
    }
    const withHead = renderIndexHtml(inLanguage(html, language), head, app.config.publicUrl, {
      ...(basemapVersion ? { [BASEMAP_VERSION_META]: basemapVersion } : {}),
      ...(streetsArchive ? { [BASEMAP_STREETS_META]: streetsArchive } : {}),
    });
    // The map pages paint their frame before the app's scripts run (explore-frame.ts); a 404
    // is sent as the bare app, and so is every page when the build has no frame.
    let page = withHead;
    const frame = exploreFrame();
    if (frame && showsExploreMap(pathname) && !head.notFound) {
      const prefetched = await prefetchElement(app, request);
      page = withExploreFrame(
        withHead,
        frameIn(frame, language),
        prefetched.data +
          buildingPreload(pathname) +
          routePreloads(manifest(), exploreMapModules(pathname), withHead),
        prefetched.list,
        {
          yearInUrl: new URLSearchParams(request.url.split('?')[1] ?? '').has(STANDING_YEAR_PARAM),
          language,
        },
      );
    }
    const etag = `"${crypto.createHash('sha1').update(page).digest('base64url')}"`;
    reply
      .code(head.notFound ? 404 : 200)
      .header('cache-control', 'no-cache')
      // The map pages carry the visitor's first card page, asked for with their session; every
      // page is in the language of the cookie, else of Accept-Language.
      .header('vary', 'Cookie, Accept-Language')
      .header('etag', etag);
    if (!head.notFound && etagMatches(request.headers['if-none-match'], etag)) reply.code(304).send();
    else reply.type('text/html; charset=utf-8').send(page);
    return true;
  };
}

/**
 * The page in `language`: `<html lang dir>`, and the language's catalogue at the end of the head
 * for the app (web/src/lib/i18n.ts). English pages are the template as it is.
 */
export function inLanguage(html: string, language: Language): string {
  if (language === 'en') return html;
  const catalogue = `<script type="application/json" id="${MESSAGES_ELEMENT_ID}">${scriptSafeJson(PAGE_CATALOGUES[language])}</script>\n  `;
  return html
    .replace(/<html\b[^>]*>/i, `<html lang="${language}" dir="${textDirection(language)}">`)
    .replace('</head>', () => `${catalogue}</head>`);
}

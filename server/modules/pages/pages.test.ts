import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertBuildings, insertUser } from '../../test/fixtures.ts';
import { architects, buildingArchitects } from '../../db/schema.ts';
import type { BuildingList } from '#domain/building-list';
import { locatorUrl } from '#domain/endpoints/locator';
import {
  CARD_VARIANTS,
  cardVariant,
  EXPLORE_FRAME_FILE,
  FRAME_TOKENS as T,
  type ExploreFrameFile,
} from '#domain/explore-frame';
import {
  DEFERRED_STYLESHEET_ATTRIBUTE,
  exploreFrameMarkup,
  lowPriorityAppFiles,
  withExploreFrame,
} from './explore-frame.ts';
import { userSections } from '#domain/pages';
import { escapeHtml, headTags, renderIndexHtml } from './page-head.ts';
import { PREFETCH_ELEMENT_ID, startCardsUrl } from './prefetch.ts';
import { buildingYearsText } from '#domain/building-years';
import { appPageSender, looksLikeAFile, pagesRoutes } from './pages.routes.ts';
import { MANIFEST_PATH, webManifest } from '#domain/web-manifest';
import { changeHandle } from '../users/users.service.ts';

const EVIL = `<script>alert("x")</script> & 'quoted' $& "name"`;
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="template description" />
    <title>Template title</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div>${' '.repeat(2000)}</body>
</html>`;

/**
 * A frame as the build writes it (scripts/explore-frame.ts renders the real one from the app's
 * components; e2e/delivery.e2e.ts checks that one in a browser): a card template per variant.
 */
const FRAME: ExploreFrameFile = {
  loading: '<div id="atlas-shell"><section aria-label="Buildings in view">Loading</section></div>',
  withCards: `<div id="atlas-shell"><section aria-label="Buildings in view"><p>${T.count}</p><ul>${T.cardList}</ul></section></div>`,
  cards: Object.fromEntries(
    CARD_VARIANTS.map(({ picture, built, demolished }) => [
      cardVariant({
        cover_image: picture === 'cover' ? 'x' : null,
        year_built: built ? 1 : null,
        year_demolished: demolished ? 1 : null,
      }),
      `<li><a href="/buildings/${T.id}" data-building-id="${T.id}">` +
        (picture === 'cover'
          ? `<img src="${T.cover}" alt="" loading="lazy">`
          : `<picture><source srcset="${T.locatorDark}"><img src="${T.locatorLight}" alt="" loading="lazy"></picture>`) +
        `<p class="name">${T.name}</p>` +
        (built || demolished
          ? `<p>${[built ? `Built ${T.built}` : '', demolished ? `Demolished ${T.demolished}` : ''].filter(Boolean).join(' · ')}</p>`
          : '') +
        `<span aria-label="Votes: ${T.upvotes} smile, ${T.meh} meh, ${T.downvotes} frown"></span></a></li>`,
    ]),
  ),
  css: '.atlas-frame-css{color:red}',
};

let t: TestApp;
let webDir: string;
let ids: Map<string, number>;

beforeAll(async () => {
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-pages-'));
  webDir = path.join(dist, 'web');
  await fs.mkdir(webDir);
  await fs.writeFile(path.join(webDir, 'index.html'), TEMPLATE);
  const frameFile = path.join(webDir, EXPLORE_FRAME_FILE);
  await fs.mkdir(path.dirname(frameFile), { recursive: true });
  await fs.writeFile(frameFile, JSON.stringify(FRAME));
  // The build's manifest and favicon (vite.config.ts, scripts/icons.ts), as small stand-ins.
  await fs.writeFile(path.join(webDir, 'manifest.webmanifest'), JSON.stringify(webManifest));
  await fs.writeFile(path.join(webDir, 'favicon.ico'), Buffer.from([0, 0, 1, 0, 1, 0]));
  t = await createTestApp({ PUBLIC_URL: 'https://atlas.example', SEED: 'false' }, { config: { webDir } });
  await insertUser(t.app.db, 'ada');
  ids = await insertBuildings(
    t.app.db,
    [
      { name: EVIL, lng: 2.3, lat: 48.8, year_built: 1900 },
      { name: 'Plain', lng: 2.4, lat: 48.9, year_built: null },
    ],
    new Map(),
  );
});
afterAll(async () => {
  await t?.close();
  await fs.rm(path.dirname(webDir), { recursive: true, force: true });
});

describe('the app page head', () => {
  it('describes a building with escaped title, description, canonical URL, Open Graph and Twitter tags', async () => {
    const id = ids.get(EVIL)!;
    const res = await t.app.inject({ method: 'GET', url: `/buildings/${id}?from=share` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    // The name never reaches the page as markup.
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('"name"');
    const escaped =
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39; $&amp; &quot;name&quot;';
    expect(html).toContain(`<title>${escaped} – Atlas of Buildings</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped} – Atlas of Buildings" />`);
    expect(html).toContain(`<meta name="twitter:title" content="${escaped} – Atlas of Buildings" />`);
    expect(html).toContain(`<meta name="description" content="${escaped} description" />`);
    expect(html).toContain(`<link rel="canonical" href="https://atlas.example/buildings/${id}" />`);
    expect(html).toContain(`<meta property="og:url" content="https://atlas.example/buildings/${id}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain('og:image');
    // The template's own title and description are replaced, not doubled; its script stays (at
    // low priority on a map page, which paints its frame first).
    expect(html).not.toContain('Template title');
    expect(html).not.toContain('template description');
    expect(html).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js"></script>',
    );
    expect(html.indexOf('<meta charset')).toBeLessThan(html.indexOf('<title>'));
  });

  it('describes a gallery, a user page, an architect and the About page; other paths get the site head', async () => {
    const id = ids.get('Plain')!;
    const gallery = await t.app.inject({ method: 'GET', url: `/gallery/${id}` });
    expect(gallery.statusCode).toBe(200);
    expect(gallery.body).toContain('<title>Photos of Plain – Atlas of Buildings</title>');
    expect(gallery.body).toContain(`<link rel="canonical" href="https://atlas.example/gallery/${id}" />`);
    const user = await t.app.inject({ method: 'GET', url: '/user/ada/lists' });
    expect(user.statusCode).toBe(200);
    expect(user.body).toContain('<title>ada – Atlas of Buildings</title>');
    expect(user.body).toContain('<link rel="canonical" href="https://atlas.example/user/ada/lists" />');
    const [architect] = await t.app.db
      .insert(architects)
      .values({ name: `Ada & "Co"` })
      .returning({ id: architects.id });
    await t.app.db.insert(buildingArchitects).values(
      [ids.get('Plain')!, ids.get(EVIL)!].map((building_id) => ({
        building_id,
        architect_id: architect!.id,
      })),
    );
    const architectPage = await t.app.inject({ method: 'GET', url: `/architects/${architect!.id}` });
    expect(architectPage.statusCode).toBe(200);
    expect(architectPage.body).toContain('<title>Ada &amp; &quot;Co&quot; – Atlas of Buildings</title>');
    expect(architectPage.body).toContain(
      '<meta name="description" content="2 buildings by Ada &amp; &quot;Co&quot; on a world map, on Atlas of Buildings." />',
    );
    expect(architectPage.body).toContain(
      `<link rel="canonical" href="https://atlas.example/architects/${architect!.id}" />`,
    );
    const about = await t.app.inject({ method: 'GET', url: '/about' });
    expect(about.statusCode).toBe(200);
    expect(about.body).toContain('<title>About – Atlas of Buildings</title>');
    expect(about.body).toContain('<link rel="canonical" href="https://atlas.example/about" />');
    expect(about.body).toContain('ODbL 1.0');
    const privacy = await t.app.inject({ method: 'GET', url: '/privacy' });
    expect(privacy.statusCode).toBe(200);
    expect(privacy.body).toContain('<title>Privacy – Atlas of Buildings</title>');
    expect(privacy.body).toContain('<link rel="canonical" href="https://atlas.example/privacy" />');
    expect(privacy.body).toContain('What Atlas of Buildings stores about you');
    const moderation = await t.app.inject({ method: 'GET', url: '/moderation' });
    expect(moderation.statusCode).toBe(200);
    expect(moderation.body).toContain('<title>Moderation – Atlas of Buildings</title>');
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('<title>Atlas of Buildings</title>');
    expect(home.body).toContain('<link rel="canonical" href="https://atlas.example/" />');
  });

  it('answers unknown buildings and users 404 with the app, not indexed', async () => {
    for (const url of [
      '/buildings/999999',
      '/gallery/999999',
      '/architects/999999',
      '/architects/abc',
      '/buildings/abc',
      '/user/nobody',
      '/user/Bad%20Handle',
      // A known user's page has only its sections: other paths are not pages, and no canonical echoes them.
      '/user/ada/anything',
      '/user/ada/lists/extra',
      '/user/ada/%3Cscript%3E',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body, url).not.toContain('rel="canonical"');
    }
  });

  it('moves the page of a handle changed in the last 30 days to the current one (301, not cached)', async () => {
    const ivy = await insertUser(t.app.db, 'ivy');
    expect(await changeHandle(t.app.db, ivy.id, 'ivy_new')).toEqual({ ok: true, handle: 'ivy_new' });
    for (const [from, to] of [
      ['/user/ivy', '/user/ivy_new'],
      ['/user/ivy/buildings?sort=old', '/user/ivy_new/buildings?sort=old'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: from });
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location).toBe(to);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // A path under the old handle that is no section is not a page, moved or not.
    expect((await t.app.inject({ method: 'GET', url: '/user/ivy/anything' })).statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: '/user/ivy_new' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>ivy_new – Atlas of Buildings</title>');
  });

  it("answers each section of the web app's user page (the page table's)", async () => {
    for (const section of ['', ...userSections]) {
      const res = await t.app.inject({ method: 'GET', url: `/user/ada/${section}` });
      expect(res.statusCode, section).toBe(200);
    }
  });

  it('is revalidated: no-cache with an ETag, 304 when unchanged, compressed when accepted', async () => {
    const url = `/buildings/${ids.get('Plain')!}`;
    const first = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    // The page holds the first card page, asked for with the visitor's session.
    expect(first.headers.vary).toMatch(/cookie/i);
    const html = zlib.brotliDecompressSync(first.rawPayload).toString();
    expect(html).toContain('<title>Plain – Atlas of Buildings</title>');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('puts an absolute og:image and a large Twitter card when there is a cover image', () => {
    const tags = headTags(
      { title: 'T', description: 'D', canonicalPath: '/buildings/1', image: '/media/a/b-1600.webp' },
      'https://atlas.example',
    );
    expect(tags).toContain(
      '<meta property="og:image" content="https://atlas.example/media/a/b-1600.webp" />',
    );
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const s3 = headTags(
      { title: 'T', description: 'D', canonicalPath: '/', image: 'https://cdn.example/x.webp?a=1&b=2' },
      'https://atlas.example',
    );
    expect(s3).toContain('content="https://cdn.example/x.webp?a=1&amp;b=2"');
  });

  it('keeps a template without a charset meta whole', () => {
    const html = renderIndexHtml(
      '<html><head></head><body></body></html>',
      {
        title: '$& $1',
        description: 'd',
        canonicalPath: '/',
        image: null,
      },
      'https://a.example',
    );
    expect(html).toContain('<title>$&amp; $1</title>');
  });
});

describe('the map pages paint before the scripts', () => {
  it("fetches the app's scripts, module preloads and stylesheet preloads at low priority, nothing else", () => {
    const page = [
      '<script type="module" crossorigin src="/assets/i.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/v.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/a.css">',
      '<link rel="preload" as="image" fetchpriority="high" href="/api/locator.svg">',
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/buildings/1">',
      '<link rel="modulepreload" fetchpriority="high" href="/assets/w.js">',
      '<script>document.documentElement.dataset.theme = "dark"</script>',
    ].join('');
    expect(lowPriorityAppFiles(page)).toBe(
      [
        '<script type="module" fetchpriority="low" crossorigin src="/assets/i.js"></script>',
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/v.js">',
        '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/a.css">',
        '<link rel="preload" as="image" fetchpriority="high" href="/api/locator.svg">',
        '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/buildings/1">',
        '<link rel="modulepreload" fetchpriority="high" href="/assets/w.js">',
        '<script>document.documentElement.dataset.theme = "dark"</script>',
      ].join(''),
    );
  });

  it('puts the explore frame before the root of map pages only, their stylesheets made preloads', async () => {
    const templated = `<!doctype html><html><head><meta charset="UTF-8" /><link rel="stylesheet" crossorigin href="/assets/a.css"><script type="module" src="/assets/i.js"></script></head><body><div id="root"></div></body></html>`;
    const page = withExploreFrame(templated, FRAME, '<data>');
    expect(page).toContain(`<body>${FRAME.loading}<div id="root"></div><data></body>`);
    // In place in the head (the app applies it there), and no longer holding back the first paint.
    expect(page).toContain(
      `<meta charset="UTF-8" /><link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/a.css" ${DEFERRED_STYLESHEET_ATTRIBUTE}><script`,
    );
    // The frame paints without the app's files: they come at low priority.
    expect(page).toContain('<script type="module" fetchpriority="low" src="/assets/i.js">');
    expect(page).toContain(`<style id="atlas-shell-style">${FRAME.css}</style>\n  </head>`);
    expect(page).not.toContain('rel="stylesheet"');
    expect(withExploreFrame('<html><body>no root</body></html>', FRAME)).toBe(
      '<html><body>no root</body></html>',
    );

    for (const url of [
      '/',
      '/login',
      `/buildings/${ids.get('Plain')!}`,
      '/?standingInYear=1935',
      // A shared view: every explore parameter of the URL, raw and percent-encoded.
      '/?styles=3,7&builtAfter=1900&builtBefore=1950&standingInYear=1935&needsPhotos=1&map=12/48.8566/2.3522',
      '/?styles=3%2C7&map=12%2F48.8566%2F2.3522&needsPhotos=1',
      `/buildings/${ids.get('Plain')!}?styles=3&map=16/48.85/2.35`,
      '/?map=not/a/map&styles=x',
      '/somewhere',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      // Pages opened at the start view draw its first cards in the frame's card column; the others
      // the column as the app draws it while the cards load.
      if (url.includes('?') || url.startsWith('/buildings/'))
        expect(res.body, url).toContain(
          `${url.includes('standingInYear') ? FRAME.loading.replace('id="atlas-shell"', 'id="atlas-shell" data-standing-year') : FRAME.loading}<div id="root"></div>`,
        );
      else
        expect(res.body, url).toMatch(
          /<div id="atlas-shell">.*<ul><li>.+<\/li><\/ul>.*<div id="root"><\/div>/s,
        );
      expect(res.body, url).toContain(`<style id="atlas-shell-style">${FRAME.css}</style>`);
      // The frame's time slider is at 'all years': a year in the URL empties its strip.
      expect(res.body.includes('<div id="atlas-shell" data-standing-year>'), url).toBe(
        url.includes('standingInYear'),
      );
    }
    for (const url of [
      `/gallery/${ids.get('Plain')!}`,
      '/about',
      '/privacy',
      '/moderation',
      '/user/ada/lists',
      '/architects/1',
      '/buildings/999999',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('atlas-shell');
      expect(res.body, url).not.toContain(PREFETCH_ELEMENT_ID);
    }
  });

  it('sends the bare app, stylesheets applied, when the build has no frame', async () => {
    // The frame file is read beside the web folder (../explore-frame): both inside a folder of the
    // test's own, so no frame another process left in the temporary folder is found.
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-bare-'));
    const bare = path.join(root, 'web');
    await fs.mkdir(bare);
    const sender = appPageSender(t.app, bare);
    const app = Fastify({ logger: false });
    app.get('/*', (request, reply) => sender(request, reply).then(() => reply));
    try {
      const html = TEMPLATE.replace('</head>', '<link rel="stylesheet" href="/assets/a.css"></head>');
      await fs.writeFile(path.join(bare, 'index.html'), html);
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<link rel="stylesheet" href="/assets/a.css">');
      expect(res.body).not.toContain('atlas-shell');
    } finally {
      await app.close();
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it("fills the first cards into their variant's template, escaped, the first one's picture at once", () => {
    const card = (id: number, over: Partial<BuildingList['items'][number]>) =>
      ({
        id,
        name: `Card ${id}`,
        coordinates: [2.35, 48.85],
        year_built: null,
        year_demolished: null,
        cover_image: null,
        vote_stats: { upvotes: 3, meh_votes: 2, downvotes: 1 },
        ...over,
      }) as BuildingList['items'][number];
    const items = [
      card(1, { cover_image: '/media/a.webp?x=1&y=2' }),
      card(2, { name: `${T.id} & <b>`, year_built: -200, year_demolished: 1990 }),
      ...Array.from({ length: 10 }, (_, i) => card(i + 3, { year_built: 1900 })),
    ];
    const list = { items, total: 10_000, total_exact: false, page: 1, pages: 500, per_page: 20 };
    const html = exploreFrameMarkup(FRAME, list);
    expect(html.match(/<li>/g)).toHaveLength(8);
    expect(html).toContain('<p>10000+</p>');
    expect(html).toContain(
      '<li><a href="/buildings/1" data-building-id="1"><img src="/media/a.webp?x=1&amp;y=2" alt="" loading="eager" fetchpriority="high">',
    );
    // A value is not read for tokens again: a name that looks like one stays text.
    expect(html).toContain(
      `<p class="name">${T.id} &amp; &lt;b&gt;</p><p>Built 200 BC · Demolished 1990</p>`,
    );
    expect(html).toContain(
      `<source srcset="${escapeHtml(locatorUrl([2.35, 48.85], 'dark'))}"><img src="${escapeHtml(locatorUrl([2.35, 48.85], 'light'))}" alt="" loading="lazy">`,
    );
    expect(html).toContain('aria-label="Votes: 3 smile, 2 meh, 1 frown"');
    // Every token filled: the one left is the text of that name.
    expect(html.split('ATLASx')).toHaveLength(2);
    expect(exploreFrameMarkup(FRAME)).toBe(FRAME.loading);
    // The years in the page's language: the era too (the frame's own texts come translated).
    const french = exploreFrameMarkup(FRAME, { ...list, items: [items[1]!] }, { language: 'fr' });
    expect(french).toContain('<p>Built 200 av. J.-C. · Demolished 1990</p>');
  });

  it("sends the start view's first card page with the page, as the API answers it, script-safe", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const match = new RegExp(
      `<script type="application/json" id="${PREFETCH_ELEMENT_ID}">(.*?)</script>`,
    ).exec(res.body);
    expect(match).not.toBeNull();
    const json = match![1]!;
    // The building named <script>… cannot end the element early.
    expect(json).not.toContain('<');
    const sent = JSON.parse(json) as Record<string, unknown>;
    const url = startCardsUrl();
    expect(url).toBe('/api/buildings/?north=85&south=-85&east=180&west=-180&page=1&per_page=20');
    expect(Object.keys(sent)).toEqual([url]);
    const api = await t.app.inject({ method: 'GET', url });
    expect(sent[url]).toEqual(api.json());
    expect(JSON.stringify(sent[url])).toContain(EVIL.replace(/"/g, '\\"'));
    // The first card's picture (a locator: no cover image) is preloaded in both schemes.
    const first = api.json<BuildingList>().items[0]!;
    for (const scheme of ['light', 'dark'] as const) {
      expect(res.body).toContain(
        `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(locatorUrl(first.coordinates, scheme))}" media="(prefers-color-scheme: ${scheme})">`,
      );
    }
    // The frame draws the first cards, escaped, as the app will: the name of the building named
    // <script>… is text, and the years are the app's text for them.
    const frame = res.body.slice(
      res.body.indexOf('<div id="atlas-shell">'),
      res.body.indexOf('<div id="root">'),
    );
    const firstCards = api.json<BuildingList>().items.slice(0, 8);
    expect(frame.match(/<li>/g)?.length).toBe(firstCards.length);
    for (const card of firstCards) {
      expect(frame).toContain(`<p class="name">${escapeHtml(card.name)}</p>`);
      expect(frame).toContain(`href="/buildings/${card.id}"`);
      const years = buildingYearsText(card);
      if (years) expect(frame).toContain(escapeHtml(years));
    }
    expect(frame).not.toContain('<script>');
    // A query (a year, filters) asks for other cards: nothing is sent.
    const year = await t.app.inject({ method: 'GET', url: '/?standingInYear=1935' });
    expect(year.body).not.toContain(PREFETCH_ELEMENT_ID);
    // A building page opens its map at the building: the world's first cards are not its own.
    const building = await t.app.inject({ method: 'GET', url: `/buildings/${first.id}` });
    expect(building.body).toContain('atlas-shell');
    expect(building.body).not.toContain(PREFETCH_ELEMENT_ID);
    expect(building.body).not.toContain('as="image"');
  });
});

describe('files are files, pages are pages', () => {
  it('serves the manifest and the favicon with their types, not the app page', async () => {
    const manifest = await t.app.inject({ method: 'GET', url: MANIFEST_PATH });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({ name: 'Atlas of Buildings', display: 'standalone' });
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/(?:x-icon|vnd\.microsoft\.icon)/);
  });

  it('moves /manifest.json to the manifest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.json' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(MANIFEST_PATH);
  });

  it('answers a file the build does not hold 404, while deep links still get the app', async () => {
    for (const url of ['/apple-touch-icon-precomposed.png', '/assets/gone-abc123.js', '/wp-login.php?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      expect(res.body, url).not.toContain('<div id="root">');
    }
    const deep = await t.app.inject({ method: 'GET', url: '/about' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<div id="root">');
  });

  it('tells files from pages: a page of the page table is a page even with a dot in it', () => {
    expect(looksLikeAFile('/favicon.ico')).toBe(true);
    expect(looksLikeAFile('/icons/a.b.png')).toBe(true);
    expect(looksLikeAFile('/buildings/12')).toBe(false);
    expect(looksLikeAFile('/some/deep/link')).toBe(false);
    expect(looksLikeAFile('/user/ada.lovelace')).toBe(false);
    expect(looksLikeAFile('/')).toBe(false);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('serves robots.txt as text with the sitemap address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Sitemap: https://atlas.example/sitemap.xml');
    // The moderators' screen is nobody else's business.
    expect(res.body).toContain('Disallow: /moderation');
  });

  it('lists every building page in one sitemap when they fit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    for (const id of ids.values())
      expect(res.body).toContain(`<loc>https://atlas.example/buildings/${id}</loc>`);
    expect(res.body).toContain('<urlset');
  });

  it('becomes a sitemap index of pages beyond a page, and refuses a page past the end', async () => {
    const app = Fastify({ logger: false });
    app.decorate('db', t.app.db);
    app.decorate('config', t.config);
    app.setValidatorCompiler(validatorCompiler);
    await app.register(pagesRoutes, { sitemapPageSize: 1 });
    try {
      const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(index.body).toContain('<sitemapindex');
      expect(index.body).toContain('<loc>https://atlas.example/sitemap.xml?page=1</loc>');
      expect(index.body).toContain('<loc>https://atlas.example/sitemap.xml?page=2</loc>');
      expect(index.body).not.toContain('page=3<');
      const [first, second] = [...ids.values()].sort((a, b) => a - b);
      const p2 = await app.inject({ method: 'GET', url: '/sitemap.xml?page=2' });
      expect(p2.body).toContain(`/buildings/${second}<`);
      expect(p2.body).not.toContain(`/buildings/${first}<`);
      const past = await app.inject({ method: 'GET', url: '/sitemap.xml?page=3' });
      expect(past.statusCode).toBe(404);
      const bad = await app.inject({ method: 'GET', url: '/sitemap.xml?page=x' });
      expect(bad.statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});

describe("the page in the visitor's language", () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('chooses French with ?lang=fr, remembers it a year in a cookie, and sends head, frame and catalogue in French', async () => {
    const res = await get('/?lang=fr');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="fr" dir="ltr">');
    expect(res.headers['set-cookie']).toBe('lang=fr; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(res.headers.vary).toMatch(/^Cookie, Accept-Language\b/);
    expect(res.body).toContain(
      '<meta name="description" content="Atlas of Buildings : un catalogue collaboratif d’architecture sur une carte du monde." />',
    );
    // The frame's texts swapped for the catalogue's, its tokens filled as in English.
    expect(res.body).toContain('aria-label="Bâtiments visibles"');
    expect(res.body).not.toContain('aria-label="Buildings in view"');
    const catalogue = /<script type="application\/json" id="atlas-messages">(.*?)<\/script>/.exec(
      res.body,
    )?.[1];
    expect(JSON.parse(catalogue!)).toMatchObject({ 'Explore Buildings': 'Explorer les bâtiments' });
  });

  it('takes the cookie, then Accept-Language, and sets no cookie without a choice', async () => {
    const arabic = await get(`/buildings/${ids.get('Plain')}`, {
      cookie: 'session=x; lang=ar',
      'accept-language': 'de',
    });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.headers['set-cookie']).toBeUndefined();
    const german = await get('/about', { 'accept-language': 'pt-BR, de-AT;q=0.8, en;q=0.5' });
    expect(german.body).toContain('<html lang="de" dir="ltr">');
    expect(german.body).toContain('<title>Über – Atlas of Buildings</title>');
    // A choice already remembered is not set again.
    const again = await get('/?lang=fr', { cookie: 'lang=fr' });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('counts in the language: an architect page in French and in Arabic', async () => {
    const [architect] = await t.app.db.insert(architects).values({ name: 'Lang Architect' }).returning();
    await t.app.db
      .insert(buildingArchitects)
      .values([{ building_id: ids.get('Plain')!, architect_id: architect!.id }]);
    const fr = await get(`/architects/${architect!.id}?lang=fr`);
    expect(fr.body).toContain('1 bâtiment de Lang Architect sur une carte du monde');
    const ar = await get(`/architects/${architect!.id}`, { cookie: 'lang=ar' });
    expect(ar.body).toContain('مبنى واحد من تصميم Lang Architect');
  });

  it("sends English pages as before: the template's <html>, no catalogue, English frame", async () => {
    for (const res of [await get('/'), await get('/?lang=xx', { 'accept-language': 'pt' })]) {
      expect(res.body).toContain('<html lang="en">\n');
      expect(res.body).not.toContain('atlas-messages');
      expect(res.body).toContain('aria-label="Buildings in view"');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('the app page sender', () => {
  it("names the basemap's version for the map style, and nothing without an archive", async () => {
    const app = Fastify({ logger: false });
    const withBasemap = appPageSender(t.app, webDir, { basemapVersion: 'abc123def456' });
    const without = appPageSender(t.app, webDir);
    app.get('/with', (request, reply) => withBasemap(request, reply).then(() => reply));
    app.get('/without', (request, reply) => without(request, reply).then(() => reply));
    try {
      const page = (await app.inject({ method: 'GET', url: '/with' })).body;
      expect(page).toContain('<meta name="atlas-basemap-version" content="abc123def456" />');
      // In the head, read before the app's scripts run.
      expect(page.indexOf('atlas-basemap-version')).toBeLessThan(page.indexOf('<script type="module"'));
      expect((await app.inject({ method: 'GET', url: '/without' })).body).not.toContain(
        'atlas-basemap-version',
      );
    } finally {
      await app.close();
    }
  });

  it('says it sent the page (the not-found handler then sends nothing more), and false with no build', async () => {
    const sender = appPageSender(t.app, webDir);
    const app = Fastify({ logger: false });
    const results: boolean[] = [];
    app.get('/*', async (request, reply) => {
      const sent = await sender(request, reply);
      results.push(sent, reply.sent);
      if (!sent) return reply.code(503).send('not built');
      return reply;
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/about' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(results).toEqual([true, true]);
      const none = appPageSender(t.app, path.join(webDir, 'missing'));
      expect(await none({ url: '/' } as never, {} as never)).toBe(false);
    } finally {
      await app.close();
    }
  });
});

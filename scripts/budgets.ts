/**
 * Download budgets of the web app's routes, read from the Vite manifest of a build:
 * which chunks a route loads before anything lazy (the static imports of the entry and of the
 * route's lazily loaded modules), their brotli sizes, and whether any of them is map code.
 * `npm run check:budgets` (scripts/check-budgets.ts) runs this on dist/web and fails over budget.
 * A route's modules are those the page table names (domain/pages.ts).
 */
import { pages, USER_SECTIONS } from '../domain/pages.ts';

/** One entry of .vite/manifest.json (the fields used here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface RouteBudget {
  route: string;
  /** Manifest keys of the modules the router loads for this route (lazy route modules). */
  modules: string[];
  /** Lazily loaded map modules the route shows; their CSS counts towards the route's CSS. */
  mapModules?: string[];
  /** Brotli bytes of JavaScript loaded before the map library starts: enforced. */
  maxJsBytes: number;
  /** Brotli bytes of CSS, the map's included: enforced. */
  maxCssBytes: number;
  /**
   * The first-visit targets, reported beside the enforced limits. Every route meets them (2026-11-24):
   * its limits are its measured size plus 1–2 KB, so a change that makes a screen download more
   * has to say so here (and why) rather than spend the room left under the target unnoticed.
   */
  targetJsBytes: number;
  targetCssBytes: number;
  /** The route must load no map code at all. */
  noMapCode?: boolean;
}

const KB = 1024;

/**
 * The app's budgets. Targets: `/` and a building page ≤ 200 KB of JS before the map, others
 * ≤ 180 KB, CSS ≤ 30 KB. All met since 2026-11-24 (docs/decisions/2026-11-24-route-budgets-met.md):
 * JS `/` 170.8 KB, a building 195.5, the gallery 167.4, a user's lists 138.0, images 172.9, stats
 * 127.2; CSS 17–28 KB. Every screen downloads React, the router and TanStack Query (91 KB) and the
 * app frame with Mantine's core (≈ 28 KB); the search combobox, the Export menu, every modal, the
 * image full view and its comments load on first use. Maxima: those sizes plus 1–2 KB.
 * Since 2026-11-28 small shared chunks are copied into the chunks that import them
 * (docs/decisions/2026-11-28-small-chunks-inlined.md): every route loads the same modules in far
 * fewer files, for 1.1–4.6 KB more each (rolldown's execution-order wrappers, mostly); the user's
 * Images tab is over its target since (181.7 KB).
 */
export const ROUTE_BUDGETS: RouteBudget[] = [
  {
    route: '/',
    modules: [pages.explore.module],
    mapModules: ['src/features/explore/components/explore-map.tsx'],
    // 172.3 KB since the page titles (usePageTitle, then domain/page-titles.ts, now domain/pages.ts): +0.3 KB.
    // 173.1 KB with the page table's href builders, the typed query serialiser and the moderator
    // role in the signed-in user's payload: +0.8 KB in all.
    // +0.1 KB more since the profile menu offers 'Moderation' to moderators.
    // 174.0 KB (45 bytes left) with the service worker's registration after load (main.tsx: a
    // lazy import, ≈ 60 bytes) and the card list's order state (the select itself, the locate
    // control and the worker's code load later).
    // 175.1 KB with the language runtime (t() and the page's language; English has no catalogue),
    // the explore view's state in the URL and the Needs photos filter (+1.1 KB), then 157.5 KB
    // once the style multi-select (Mantine's combobox, its dropdown and floating-ui) came just
    // after the screen instead of in its first download (−17.7 KB, 2026-11-27).
    // 139.5 KB since the card list and the building panel scroll natively and nothing mounts
    // Mantine's ScrollArea before the map (−18.7 KB); CSS 28.0 → 28.1 KB for that scrolling.
    // 142.0 KB (2026-11-28) with small shared chunks copied (see above): +2.4 KB, 22 files → 6.
    maxJsBytes: 143 * KB,
    // CSS +0.3 KB on every page since the theme's CSS variables are a stylesheet
    // (web/src/app/theme-variables.css), not computed as the app starts (≈ 0.4 s of a phone's main thread).
    maxCssBytes: 28.4 * KB,
    targetJsBytes: 200 * KB,
    targetCssBytes: 30 * KB,
  },
  {
    route: '/buildings/:id',
    modules: [pages.explore.module, pages.building.module],
    mapModules: ['src/features/explore/components/explore-map.tsx'],
    // 197.1 KB since the search box hands over to its combobox in one task (flushSync, 2026-11-25).
    // 199.0 KB since comments and the panel carry the Report action and the 'Hidden by moderators'
    // mark (2026-11-27): +1.3 KB, still under the target.
    // 189.9 KB: the building's comments (list, form, votes, replies) load with the first building
    // shown, not with the page (−12 KB), while history, suggestions, Share, Through time and the
    // first-photo invite came; 172.4 KB with the style multi-select after the screen (2026-11-27).
    // 153.8 KB since the panel, the card list and the comments' sort draw no Mantine ScrollArea or
    // SegmentedControl (docs/decisions/2026-11-27-no-state-set-while-react-commits.md).
    // 154.9 KB (2026-11-28) with small shared chunks copied (see above): +1.1 KB, 36 files → 7.
    maxJsBytes: 156 * KB,
    // CSS 29.4 KB since Mantine's Radio (report dialog) and Tabs (moderation screen) styles joined
    // the one shared sheet (web/src/app/mantine.css): +0.9 KB.
    maxCssBytes: 30 * KB,
    targetJsBytes: 200 * KB,
    targetCssBytes: 30 * KB,
  },
  {
    route: '/gallery/:id',
    modules: [pages.gallery.module],
    // 169.9 KB since the image viewer and its comments have the Report action (2026-11-27): +1.2 KB.
    // 171.1 KB with the language runtime and 'Year taken'; 172.1 KB since the explore screen's style
    // select loads after it, so the combobox code the gallery's sort select uses is a chunk of its
    // own (2026-11-27).
    // 174.2 KB (2026-11-28) with small shared chunks copied (see above): +2.3 KB.
    maxJsBytes: 175.5 * KB,
    // CSS +0.3 KB on every page since the theme's CSS variables are a stylesheet
    // (web/src/app/theme-variables.css), not computed as the app starts (≈ 0.4 s of a phone's main thread).
    maxCssBytes: 19.4 * KB,
    targetJsBytes: 180 * KB,
    targetCssBytes: 30 * KB,
    noMapCode: true,
  },
  {
    route: '/user/:handle/lists',
    modules: [pages.user.module, USER_SECTIONS.lists],
    // 139.1 KB since every link is built by the page table (domain/pages.ts), which the navigation
    // bar brings into the first download: +0.4 KB.
    // 140.6 KB since the user page has the Report action and the role badge (2026-11-27): +1.6 KB.
    // 142.6 KB with the language runtime, the walking tour button and 'My suggestions' (2026-11-27).
    // 144.1 KB (2026-11-28) with small shared chunks copied (see above): +1.2 KB.
    maxJsBytes: 145 * KB,
    // CSS +0.3 KB on every page since the theme's CSS variables are a stylesheet
    // (web/src/app/theme-variables.css), not computed as the app starts (≈ 0.4 s of a phone's main thread).
    maxCssBytes: 19.4 * KB,
    targetJsBytes: 180 * KB,
    targetCssBytes: 30 * KB,
    noMapCode: true,
  },
  {
    route: '/user/:handle/images',
    modules: [pages.user.module, USER_SECTIONS.images],
    // 175: the building panel's flag button no longer holds a Popover (it opens the report
    // dialog), so floating-ui became a chunk of its own that this route loads beside its own
    // code: the same code, +0.4 KB of chunk overhead.
    // 176.5 KB since the user page and the image viewer have the Report action (2026-11-27): +2.3 KB.
    // 178.5 KB since the explore screen's style select loads after it: the combobox code the sort
    // select uses is a chunk of its own (2026-11-27).
    // 181.7 KB (2026-11-28) with small shared chunks copied (see above): +3.5 KB, the same modules,
    // over the 180 KB target by 1.7 KB (Mantine's combobox, popover, focus trap and scroll area come
    // with its first download).
    maxJsBytes: 183 * KB,
    // CSS 19.1 KB since the Radio and Tabs styles joined the shared sheet: +0.9 KB.
    maxCssBytes: 20 * KB,
    targetJsBytes: 180 * KB,
    targetCssBytes: 30 * KB,
    noMapCode: true,
  },
  {
    // The architect's map and its library load after the page is drawn (architect-page.tsx).
    route: '/architects/:id',
    modules: [pages.architect.module],
    mapModules: ['src/features/architects/components/architect-map.tsx'],
    // 126.2 KB with the page table and the signed-in user's role (the profile menu offers
    // 'Moderation' to moderators): +0.6 KB.
    // 127.5 KB with the language runtime and the architect pager (2026-11-27).
    // 130.2 KB (2026-11-28) with small shared chunks copied (see above): +2.3 KB.
    maxJsBytes: 131.5 * KB,
    maxCssBytes: 27 * KB,
    targetJsBytes: 180 * KB,
    targetCssBytes: 30 * KB,
  },
  {
    route: '/user/:handle/stats',
    modules: [pages.user.module, USER_SECTIONS.stats],
    // 130.5 KB since the user page has the Report action and the role badge (2026-11-27): +2.2 KB.
    // 133.6 KB (2026-11-28) with small shared chunks copied (see above): +2.3 KB.
    maxJsBytes: 135 * KB,
    maxCssBytes: 19 * KB,
    targetJsBytes: 180 * KB,
    targetCssBytes: 30 * KB,
    noMapCode: true,
  },
  {
    // The moderators' screen: the queue, log and user actions in one lazily loaded chunk.
    route: '/moderation',
    modules: [pages.moderation.module],
    // 158.2 KB and 17.2 KB of CSS when it came (2026-11-27).
    // 163.7 KB (2026-11-28) with small shared chunks copied (see above): +4.6 KB.
    maxJsBytes: 165 * KB,
    maxCssBytes: 19 * KB,
    targetJsBytes: 180 * KB,
    targetCssBytes: 30 * KB,
    noMapCode: true,
  },
  {
    // The privacy page: text, and the operator's contact from GET /api/privacy.
    route: '/privacy',
    modules: [pages.privacy.module],
    // 125.1 KB and 18.3 KB of CSS when it came (2026-11-27).
    // 129.0 KB (2026-11-28) with small shared chunks copied (see above): +3.5 KB.
    maxJsBytes: 130.5 * KB,
    maxCssBytes: 19 * KB,
    targetJsBytes: 180 * KB,
    targetCssBytes: 30 * KB,
    noMapCode: true,
  },
];

/** Map code: the map library or a module that draws a map. */
const MAP_CODE = /maplibre|explore-map|location-preview-map|architect-map|create-map/i;

/** Keys of `roots` and everything they import statically (what the browser fetches at once). */
export function staticClosure(manifest: Manifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest: was it renamed? (scripts/budgets.ts)`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return [...seen];
}

export interface RouteReport {
  route: string;
  jsBytes: number;
  cssBytes: number;
  jsFiles: string[];
  mapFiles: string[];
  problems: string[];
  /** Over the first-visit target (reported, not failed). */
  overTarget: boolean;
}

/** Measures every route; `sizeOf` gives a built file's brotli size. */
export function checkBudgets(
  manifest: Manifest,
  budgets: RouteBudget[],
  sizeOf: (file: string) => number,
): RouteReport[] {
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('The Vite manifest has no entry chunk');
  return budgets.map((b) => {
    const keys = staticClosure(manifest, [entry, ...b.modules]);
    const files = (ks: string[]) => ks.map((k) => manifest[k]!.file);
    const jsFiles = files(keys).filter((f) => /\.m?js$/.test(f));
    const mapKeys = b.mapModules ? staticClosure(manifest, b.mapModules) : [];
    const cssFiles = [...new Set([...keys, ...mapKeys].flatMap((k) => manifest[k]!.css ?? []))];
    const jsBytes = jsFiles.reduce((n, f) => n + sizeOf(f), 0);
    const cssBytes = cssFiles.reduce((n, f) => n + sizeOf(f), 0);
    const mapFiles = keys
      .filter((k) => MAP_CODE.test(k) || MAP_CODE.test(manifest[k]!.file))
      .map((k) => manifest[k]!.file);
    const problems: string[] = [];
    const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
    if (jsBytes > b.maxJsBytes) problems.push(`JavaScript ${kb(jsBytes)} > ${kb(b.maxJsBytes)}`);
    if (cssBytes > b.maxCssBytes) problems.push(`CSS ${kb(cssBytes)} > ${kb(b.maxCssBytes)}`);
    // The map library is always a lazy load: on map routes it must not block the first paint either.
    if (mapFiles.length > 0)
      problems.push(`${b.noMapCode ? 'map code' : 'map code before first paint'}: ${mapFiles.join(', ')}`);
    const overTarget = jsBytes > b.targetJsBytes || cssBytes > b.targetCssBytes;
    return { route: b.route, jsBytes, cssBytes, jsFiles, mapFiles, problems, overTarget };
  });
}

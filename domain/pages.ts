/**
 * The page table: every page of the web app, with its path pattern, an `href()` that builds its
 * links from typed parameters, its title, whether it shows the explore map, and the route module
 * it loads. One source for the app's router and links (web/src/app/router.tsx), for the server's
 * page heads, sitemap, route preloads and the explore frame (server/modules/pages/), and for the
 * title the app sets as the visitor moves without a reload (web/src/lib/page-title.ts).
 * Decision: docs/decisions/2026-11-27-page-table-and-prerendered-frame.md.
 */
export const SITE_NAME = 'Atlas of Buildings';

const titled = (page: string) => `${page} – ${SITE_NAME}`;

export const pageTitles = {
  /** The explore screen, and every path without a page of its own. */
  site: SITE_NAME,
  building: (name: string) => titled(name),
  gallery: (buildingName: string) => titled(`Photos of ${buildingName}`),
  architect: (name: string) => titled(name),
  user: (handle: string) => titled(handle),
  about: titled('About'),
  privacy: titled('Privacy'),
  moderation: titled('Moderation'),
  /** An unknown building, architect or user. */
  notFound: titled('Not found'),
};

/** The names of a pattern's `:parameters`, e.g. 'id' for '/buildings/:id'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A page's path parameters: ids may be given as numbers, handles as strings. */
export type PageParams<P extends string> = { [K in ParamNames<P>]: string | number };

/** The query the explore map reads from its URL: the year it shows (`?standingInYear=1935`). */
export interface ExploreSearch {
  standingInYear?: number | null;
}

/** The explore map's query parameter for the year it shows. */
export const STANDING_YEAR_PARAM = 'standingInYear';

/** Where a link goes besides the path: its query (typed per page) and a fragment. */
interface HrefExtras<S> {
  search?: S;
  hash?: string;
}

export interface Page<P extends string, S> {
  /** The path pattern, as the router writes it ('/buildings/:id'). */
  pattern: P;
  /** The page's title, or how to make it from the name of what it shows. */
  title: string | ((name: string) => string);
  /** True when the page is the explore screen (the map, and the frame painted before the app). */
  showsExploreMap: boolean;
  /** The route module it loads, as the build's manifest names it (relative to web/). */
  module: string;
  /** A link to the page: parameters encoded into the path, then the query and fragment. */
  href: (
    ...args: ParamNames<P> extends never
      ? [extras?: HrefExtras<S>]
      : [params: PageParams<P>, extras?: HrefExtras<S>]
  ) => string;
}

/** Fills a pattern's parameters, each encoded as one path segment. */
export function fillPattern(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing page parameter ${name} for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=2` of the given values (null and undefined left out), or ''. */
type SearchValues = Partial<Record<string, string | number | null>>;

function searchOf(search: SearchValues | undefined): string {
  if (!search) return '';
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

function page<const P extends string, S = never>(definition: Omit<Page<P, S>, 'href'>): Page<P, S> {
  const href = (...args: unknown[]): string => {
    const hasParams = definition.pattern.includes(':');
    const params = (hasParams ? args[0] : {}) as Record<string, string | number>;
    const extras = (hasParams ? args[1] : args[0]) as HrefExtras<S> | undefined;
    const hash = extras?.hash ? `#${encodeURIComponent(extras.hash)}` : '';
    return `${fillPattern(definition.pattern, params)}${searchOf(extras?.search as SearchValues | undefined)}${hash}`;
  };
  return { ...definition, href };
}

const USER_ROUTE = 'src/app/routes/user-route.tsx';

/** The pages of the web app (product §2). Every other path shows the explore screen. */
export const pages = {
  explore: page<'/', ExploreSearch>({
    pattern: '/',
    title: pageTitles.site,
    showsExploreMap: true,
    module: 'src/app/routes/explore-route.tsx',
  }),
  /** A building's panel over the explore map; the map's query (the year) goes along. */
  building: page<'/buildings/:id', ExploreSearch>({
    pattern: '/buildings/:id',
    title: pageTitles.building,
    showsExploreMap: true,
    module: 'src/app/routes/building-route.tsx',
  }),
  /** The explore screen with the login modal open. */
  login: page({
    pattern: '/login',
    title: pageTitles.site,
    showsExploreMap: true,
    module: 'src/app/routes/login-route.tsx',
  }),
  gallery: page({
    pattern: '/gallery/:buildingId',
    title: pageTitles.gallery,
    showsExploreMap: false,
    module: 'src/app/routes/gallery-route.tsx',
  }),
  architect: page({
    pattern: '/architects/:id',
    title: pageTitles.architect,
    showsExploreMap: false,
    module: 'src/app/routes/architect-route.tsx',
  }),
  about: page({
    pattern: '/about',
    title: pageTitles.about,
    showsExploreMap: false,
    module: 'src/app/routes/about-route.tsx',
  }),
  /** What the site keeps about people, for how long, and how to download or delete it. */
  privacy: page({
    pattern: '/privacy',
    title: pageTitles.privacy,
    showsExploreMap: false,
    module: 'src/app/routes/privacy-route.tsx',
  }),
  /** The moderators' screen: the report queue, the moderation log and the user actions. */
  moderation: page({
    pattern: '/moderation',
    title: pageTitles.moderation,
    showsExploreMap: false,
    module: 'src/app/routes/moderation-route.tsx',
  }),
  /** A user's page; it opens on its lists (userSection). */
  user: page({
    pattern: '/user/:handle',
    title: pageTitles.user,
    showsExploreMap: false,
    module: USER_ROUTE,
  }),
  /** A section of a user's page (USER_SECTIONS). */
  userSection: page({
    pattern: '/user/:handle/:section',
    title: pageTitles.user,
    showsExploreMap: false,
    module: USER_ROUTE,
  }),
} as const;

export type PageName = keyof typeof pages;

/** The About page's section on open data and exports (the Export menus link to it). */
export const ABOUT_DATA_SECTION = 'data';

/** The sections of a user's page, /user/{handle}/{section}, each with its own route module. */
export const USER_SECTIONS = {
  lists: 'src/app/routes/user-lists-route.tsx',
  buildings: 'src/app/routes/user-buildings-route.tsx',
  images: 'src/app/routes/user-images-route.tsx',
  settings: 'src/app/routes/user-settings-route.tsx',
  stats: 'src/features/user/components/user-stats.tsx',
} as const;

export type UserSection = keyof typeof USER_SECTIONS;

export const userSections: readonly UserSection[] = ['lists', 'buildings', 'images', 'settings', 'stats'];

/** A link to a section of a user's page. */
export function userSectionHref(handle: string, section: UserSection): string {
  return pages.userSection.href({ handle, section });
}

/**
 * The router's path of a page below `parent` ('buildings/:id' under '/', 'lists' under
 * '/user/:handle'), for the nested routes of web/src/app/router.tsx.
 */
export function routePath(pattern: string, parent = '/'): string {
  const base = parent.endsWith('/') ? parent : `${parent}/`;
  if (!pattern.startsWith(base)) throw new Error(`${pattern} is not below ${parent}`);
  return pattern.slice(base.length);
}

/**
 * The parameters of `pathname` when it matches `pattern` (decoded; an optional trailing slash
 * allowed), else null. Percent-encoding that does not decode is no match.
 */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  const match = new RegExp(`^${source === '' ? '/' : source}/?$`).exec(pathname);
  if (!match) return null;
  const params: Record<string, string> = {};
  try {
    names.forEach((name, i) => (params[name] = decodeURIComponent(match[i + 1]!)));
  } catch {
    return null;
  }
  return params;
}

/**
 * True when the web app shows the explore screen (the map) for this path: its own pages and every
 * path under none of the other pages' first segment.
 */
export function showsExploreMap(pathname: string): boolean {
  const first = pathname.split('/').find(Boolean);
  return (
    first === undefined ||
    !Object.values(pages).some((p) => !p.showsExploreMap && p.pattern.split('/')[1] === first)
  );
}

/** The route modules an explore-map path opens with: the explore screen's, and a building's panel. */
export function exploreMapModules(pathname: string): string[] {
  return matchPattern(pages.building.pattern, pathname)
    ? [pages.explore.module, pages.building.module]
    : [pages.explore.module];
}

/**
 * The head of the web app's page for link previews and search engines: the server
 * fills index.html's <title>, meta description, canonical URL, Open Graph and Twitter card tags
 * for the pages of the page table (domain/pages.ts): a building, its gallery, an architect, a user
 * page, About and Privacy; every other path gets the site's own.
 * Reading a head does not count a building view (previews and crawlers are not visitors).
 */
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { architects, buildingArchitects, buildings, images, users } from '../../db/schema.ts';
import { coverImageJoin } from '../buildings/buildings.queries.ts';
import { movedHandle } from '../users/users.service.ts';
import { mergedInto } from '../architects/architects.service.ts';
import { visibleBuilding } from '../../db/visibility.ts';
import type { MediaUrls } from '../../storage/media-url.ts';
import { translate } from '#domain/catalogues';
import type { Language } from '#domain/languages';
import {
  matchPattern,
  pages,
  pageTitles,
  SITE_NAME,
  USER_SECTIONS,
  userSectionHref,
  type UserSection,
} from '#domain/pages';

export const SITE_DESCRIPTION = 'Atlas of Buildings: a community catalogue of architecture on a world map.';
const DESCRIPTION_MAX = 200;

export interface PageHead {
  title: string;
  description: string;
  /** Path of the canonical URL (PUBLIC_URL is put in front). */
  canonicalPath: string;
  /** Absolute, or a path on this site. */
  image: string | null;
  /** Unknown building or user: answered 404 (the app shows its own message) and not indexed. */
  notFound?: boolean;
  /** A user page under a handle changed in the last 30 days: answered 301 to this path. */
  movedTo?: string;
}

const siteHead = (language: Language, canonicalPath = '/'): PageHead => ({
  title: pageTitles.site,
  description: translate(language, SITE_DESCRIPTION),
  canonicalPath,
  image: null,
});

/** A page's title in `language`: 'À propos – Atlas of Buildings' (the site's name stays as it is). */
const titled = (page: string) => `${page} – ${SITE_NAME}`;

const notFoundHead = (language: Language): PageHead => ({
  ...siteHead(language, '/'),
  title: titled(translate(language, 'Not found')),
  notFound: true,
});

/** One line of at most DESCRIPTION_MAX characters, cut at a word. */
function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_MAX) return line;
  const cut = line.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut}…`;
}

const ID_MAX = 2_147_483_647;

function parseId(segment: string | undefined): number | null {
  if (!segment || !/^[1-9]\d{0,9}$/.test(segment)) return null;
  const id = Number(segment);
  return id <= ID_MAX ? id : null;
}

async function buildingFacts(db: Db, id: number) {
  const [row] = await db
    .select({
      name: buildings.name,
      description: buildings.description,
      year_built: buildings.year_built,
      city: buildings.city,
      image_count: buildings.image_count,
      storage_key: images.storage_key,
      renditions: images.renditions,
    })
    .from(buildings)
    .leftJoin(images, coverImageJoin)
    // Link previews show what visitors see: a building moderators hid has the not-found head.
    .where(and(eq(buildings.id, id), visibleBuilding(null)));
  return row ?? null;
}

/** The first segment of a page's pattern ('user' of '/user/:handle'). */
const pageSegment = (pattern: string) => pattern.split('/')[1];

const isUserSection = (section: string): section is UserSection => Object.hasOwn(USER_SECTIONS, section);

/** The head for a path of the web app (`pathname` without the query), in `language`. */
export async function pageHeadFor(
  db: Db,
  media: MediaUrls,
  pathname: string,
  language: Language = 'en',
): Promise<PageHead> {
  const tr = (message: string, values?: Record<string, string | number>) =>
    translate(language, message, values);
  const parts = pathname.split('/').filter(Boolean);
  const [first, second] = parts;
  const buildingPage = matchPattern(pages.building.pattern, pathname);
  const galleryPage = matchPattern(pages.gallery.pattern, pathname);
  if (buildingPage || galleryPage) {
    const id = parseId(buildingPage?.id ?? galleryPage?.buildingId);
    const b = id === null ? null : await buildingFacts(db, id);
    if (id === null || !b) return notFoundHead(language);
    const image =
      b.storage_key && b.renditions
        ? media.imageLarge({ storage_key: b.storage_key, renditions: b.renditions })
        : null;
    const facts = [
      b.year_built !== null ? tr('built {year}', { year: b.year_built }) : null,
      b.city ? tr('in {city}', { city: b.city }) : null,
    ]
      .filter(Boolean)
      .join(', ');
    const named = `${b.name}${facts ? `, ${facts}` : ''}`;
    if (galleryPage) {
      return {
        title: titled(tr('Photos of {name}', { name: b.name })),
        description: shorten(
          tr(
            '{count, plural, one {# photo of {building}, on {site}.} other {# photos of {building}, on {site}.}}',
            {
              count: b.image_count,
              building: named,
              site: SITE_NAME,
            },
          ),
        ),
        canonicalPath: pages.gallery.href({ buildingId: id }),
        image,
      };
    }
    return {
      title: pageTitles.building(b.name),
      description: shorten(
        b.description ?? tr('{building}, on {site}.', { building: named, site: SITE_NAME }),
      ),
      canonicalPath: pages.building.href({ id }),
      image,
    };
  }
  const architectPage = matchPattern(pages.architect.pattern, pathname);
  if (architectPage) {
    const id = parseId(architectPage.id);
    const [architect] =
      id === null
        ? []
        : await db
            .select({ name: architects.name, buildings: count(buildings.id) })
            .from(architects)
            .leftJoin(buildingArchitects, eq(buildingArchitects.architect_id, architects.id))
            .leftJoin(buildings, and(eq(buildings.id, buildingArchitects.building_id), visibleBuilding(null)))
            .where(eq(architects.id, id))
            .groupBy(architects.id);
    if (id !== null && !architect) {
      // A merged architect: its page moves to the one it was merged into.
      const into = await mergedInto(db, id);
      if (into !== null) {
        const movedTo = pages.architect.href({ id: into });
        return { ...siteHead(language, movedTo), movedTo };
      }
    }
    // An architect none of whose buildings visitors see has no page (nor a link preview).
    if (id === null || !architect || architect.buildings === 0) return notFoundHead(language);
    const n = architect.buildings;
    return {
      title: pageTitles.architect(architect.name),
      description: shorten(
        tr('{count, plural, one {# building} other {# buildings}} by {name} on a world map, on {site}.', {
          count: n,
          name: architect.name,
          site: SITE_NAME,
        }),
      ),
      canonicalPath: pages.architect.href({ id }),
      image: null,
    };
  }
  if (matchPattern(pages.about.pattern, pathname)) {
    return {
      title: titled(tr('About')),
      description: tr(
        'What Atlas of Buildings is, its open data licence (ODbL 1.0), the licences of its photos, and how to export the catalogue as GeoJSON or CSV.',
      ),
      canonicalPath: pages.about.href(),
      image: null,
    };
  }
  if (matchPattern(pages.privacy.pattern, pathname)) {
    return {
      title: pageTitles.privacy,
      description: `What ${SITE_NAME} stores about you, what is public, its one cookie, how long things are kept, and how to download or delete your data.`,
      canonicalPath: pages.privacy.href(),
      image: null,
    };
  }
  if (matchPattern(pages.moderation.pattern, pathname)) {
    // The moderators' screen: nothing on it is public (robots.txt keeps crawlers out).
    return {
      title: titled(tr('Moderation')),
      description: tr('The moderation screen of {site}, for its moderators.', { site: SITE_NAME }),
      canonicalPath: pages.moderation.href(),
      image: null,
    };
  }
  if (first === pageSegment(pages.user.pattern) && second !== undefined) {
    const handle = second.toLowerCase();
    if (!/^[a-z0-9_]{1,30}$/.test(handle)) return notFoundHead(language);
    // Only the user page's own sections exist: anything else is not a page (and not canonical).
    const section = matchPattern(pages.userSection.pattern, pathname)?.section;
    const userSection = section !== undefined && isUserSection(section) ? section : undefined;
    if (!matchPattern(pages.user.pattern, pathname) && userSection === undefined)
      return notFoundHead(language);
    const [user] = await db
      .select({ handle: users.handle, picture: users.picture })
      .from(users)
      .where(eq(users.handle, handle));
    if (!user) {
      const moved = await movedHandle(db, handle);
      if (moved === null) return notFoundHead(language);
      const movedTo = userSection ? userSectionHref(moved, userSection) : pages.user.href({ handle: moved });
      return { ...siteHead(language, movedTo), movedTo };
    }
    return {
      title: pageTitles.user(user.handle),
      description: tr('Buildings, photos and lists by {handle} on {site}.', {
        handle: user.handle,
        site: SITE_NAME,
      }),
      canonicalPath: userSection ? userSectionHref(second, userSection) : pages.user.href({ handle: second }),
      image: null,
    };
  }
  return siteHead(language);
}

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** `path` as an absolute URL on PUBLIC_URL (absolute URLs are kept). */
export function absoluteUrl(publicUrl: string, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The tags that describe the page, one a line. */
export function headTags(head: PageHead, publicUrl: string): string {
  const e = escapeHtml;
  const canonical = absoluteUrl(publicUrl, head.canonicalPath);
  const image = head.image ? absoluteUrl(publicUrl, head.image) : null;
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${e(value)}" />`;
  return [
    `<title>${e(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.notFound
      ? [meta('name', 'robots', 'noindex')]
      : [`<link rel="canonical" href="${e(canonical)}" />`]),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
  ].join('\n    ');
}

/**
 * index.html with the page's head: the template's own <title> and meta description are replaced,
 * the new tags go right after <meta charset> (which must stay in the first 1024 bytes), followed
 * by `appMeta`'s name/content pairs for the app's scripts to read.
 */
export function renderIndexHtml(
  template: string,
  head: PageHead,
  publicUrl: string,
  appMeta: Record<string, string> = {},
): string {
  const stripped = template
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '');
  const tags = [
    headTags(head, publicUrl),
    ...Object.entries(appMeta).map(
      ([name, content]) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}" />`,
    ),
  ].join('\n    ');
  const charset = /<meta\s+charset=[^>]*>/i.exec(stripped);
  if (charset) {
    const at = charset.index + charset[0].length;
    return `${stripped.slice(0, at)}\n    ${tags}${stripped.slice(at)}`;
  }
  // Function replacements: `$&` and the like in a building's name must stay text.
  if (/<head(\s[^>]*)?>/i.test(stripped))
    return stripped.replace(/<head(\s[^>]*)?>/i, (open) => `${open}\n    ${tags}`);
  // A page without a <head> (the parser makes one): the tags go first, after any doctype.
  return stripped.replace(/^(\s*<!doctype[^>]*>)?/i, (doctype) => `${doctype}\n${tags}\n`);
}

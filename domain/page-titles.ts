/**
 * The title of each page of the web app, one source for the server, which writes it into the page
 * it sends (server/modules/pages/page-head.ts), and for the app, which sets it as the visitor moves
 * from page to page without a reload (web/src/lib/page-title.ts).
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
  /** An unknown building, architect or user. */
  notFound: titled('Not found'),
};

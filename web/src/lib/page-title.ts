import { useEffect } from 'react';
import { pageTitles, SITE_NAME } from '#domain/pages';
import { ApiError } from './api-client.ts';
import { t } from './i18n.ts';

/** The titles of the pages named by a word of their own ('About – Atlas of Buildings'), translated. */
const NAMED_PAGES: Record<string, string> = {
  [pageTitles.about]: 'About',
  [pageTitles.moderation]: 'Moderation',
  [pageTitles.notFound]: 'Not found',
};

/**
 * Sets the document's title while the page is shown (titles from #domain/pages, the same the
 * server writes into the page it sends): moving between pages without a reload names the new one
 * in the tab, the history and to screen readers. `undefined` leaves the title as it is (a page
 * still loading what it is named after, or one whose child route names it).
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    const page = NAMED_PAGES[title];
    // The server writes the same in the page it sends (page-head.ts); a building's name stays as it is.
    document.title = page === undefined ? title : `${t(page)} – ${SITE_NAME}`;
  }, [title]);
}

/**
 * The title of a page named after what a query loads: `named(data)` once it is here, 'Not found'
 * when the id is not a valid one or the server answers 404, undefined while it loads.
 */
export function titleFromQuery<T>(
  valid: boolean,
  query: { data: T | undefined; error: unknown },
  named: (data: T) => string,
): string | undefined {
  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) return pageTitles.notFound;
  return query.data === undefined ? undefined : named(query.data);
}

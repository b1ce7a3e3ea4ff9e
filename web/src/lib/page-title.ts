import { useEffect } from 'react';
import { SITE_NAME } from '#domain/pages';
import { ApiError } from './api-client.ts';
import { t } from './i18n.ts';

/**
 * Sets the document's title while the page is shown (titles from #domain/pages, the same the
 * server writes into the page it sends): moving between pages without a reload names the new one
 * in the tab, the history and to screen readers. `undefined` leaves the title as it is (a page
 * still loading what it is named after, or one whose child route names it).
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
}

/** A page's title, '<page> – Atlas of Buildings' (pageTitles of #domain/pages, in the page's language). */
export const titled = (page: string): string => `${page} – ${SITE_NAME}`;

/**
 * The title of a page named after what a query loads: `named(data)` once it is here, 'Not found'
 * (in the page's language) when the id is not a valid one or the server answers 404, undefined
 * while it loads.
 */
export function titleFromQuery<T>(
  valid: boolean,
  query: { data: T | undefined; error: unknown },
  named: (data: T) => string,
): string | undefined {
  if (!valid || (query.error instanceof ApiError && query.error.status === 404))
    return titled(t('Not found'));
  return query.data === undefined ? undefined : named(query.data);
}

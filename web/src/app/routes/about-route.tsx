import { AboutPage } from '../../features/about/components/about-page.tsx';
import { SITE_NAME } from '#domain/pages';
import { t } from '../../lib/i18n.ts';
import { usePageTitle } from '../../lib/page-title.ts';

/** /about: loaded on demand (its own chunk). */
export function AboutRoute() {
  // pageTitles.about of the page table, in the page's language (the server's head says the same).
  usePageTitle(`${t('About')} – ${SITE_NAME}`);
  return <AboutPage />;
}

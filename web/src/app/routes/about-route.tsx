import { AboutPage } from '../../features/about/components/about-page.tsx';
import { pageTitles } from '#domain/pages';
import { usePageTitle } from '../../lib/page-title.ts';

/** /about: loaded on demand (its own chunk). */
export function AboutRoute() {
  usePageTitle(pageTitles.about);
  return <AboutPage />;
}

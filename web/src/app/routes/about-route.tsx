import { lazy, Suspense } from 'react';
import { AboutPage } from '../../features/about/components/about-page.tsx';
import { SITE_NAME } from '#domain/pages';
import { t } from '../../lib/i18n.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { PageProse } from '../../lib/page-prose.tsx';

// The navigation bar has no room for the language menu on narrow phones: the About page has it.
const LanguageMenu = lazy(() =>
  import('../../features/navigation/components/language-menu.tsx').then((m) => ({ default: m.LanguageMenu })),
);

/** /about: loaded on demand (its own chunk). */
export function AboutRoute() {
  // pageTitles.about of the page table, in the page's language (the server's head says the same).
  usePageTitle(`${t('About')} – ${SITE_NAME}`);
  return (
    <PageProse>
      <AboutPage
        language={
          <Suspense fallback={null}>
            <LanguageMenu />
          </Suspense>
        }
      />
    </PageProse>
  );
}

import { PrivacyPage } from '../../features/about/components/privacy-page.tsx';
import { pageTitles } from '#domain/pages';
import { usePageTitle } from '../../lib/page-title.ts';
import { PageProse } from '../../lib/page-prose.tsx';

/** /privacy: loaded on demand (its own chunk). */
export function PrivacyRoute() {
  usePageTitle(pageTitles.privacy);
  return (
    <PageProse>
      <PrivacyPage />
    </PageProse>
  );
}

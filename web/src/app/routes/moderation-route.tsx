import { SITE_NAME } from '#domain/pages';
import { ModerationScreen } from '../../features/moderation/components/moderation-screen.tsx';
import { t } from '../../lib/i18n.ts';
import { usePageTitle } from '../../lib/page-title.ts';

/** /moderation: loaded on demand (its own chunk); the screen itself checks the role. */
export function ModerationRoute() {
  // pageTitles.moderation of the page table, in the page's language (the server's head says the same).
  usePageTitle(`${t('Moderation')} – ${SITE_NAME}`);
  return <ModerationScreen />;
}

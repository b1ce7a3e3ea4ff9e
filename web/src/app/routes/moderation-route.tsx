import { pageTitles } from '#domain/pages';
import { ModerationScreen } from '../../features/moderation/components/moderation-screen.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** /moderation: loaded on demand (its own chunk); the screen itself checks the role. */
export function ModerationRoute() {
  usePageTitle(pageTitles.moderation);
  return <ModerationScreen />;
}

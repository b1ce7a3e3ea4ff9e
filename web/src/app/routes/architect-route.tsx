import { useParams } from 'react-router';
import { parseBuildingId } from '../../features/buildings/api/get-building.ts';
import { ArchitectPage } from '../../features/architects/components/architect-page.tsx';
import { useArchitect } from '../../features/architects/api/get-architect.ts';
import { pageTitles } from '#domain/pages';
import { titleFromQuery, usePageTitle } from '../../lib/page-title.ts';

/** /architects/{id}: loaded on demand (its own chunk). */
export function ArchitectRoute() {
  const { id } = useParams();
  // The same rule as a building id: a positive whole number.
  const architectId = parseBuildingId(id);
  const architect = useArchitect(architectId);
  usePageTitle(titleFromQuery(architectId !== null, architect, (a) => pageTitles.architect(a.name)));
  return <ArchitectPage id={architectId} />;
}

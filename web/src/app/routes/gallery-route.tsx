import { useParams } from 'react-router';
import { parseBuildingId, useBuilding } from '../../features/buildings/api/get-building.ts';
import { GalleryPage } from '../../features/images/components/gallery-page.tsx';
import { imageViewerSlots } from './image-viewer-slots.tsx';
import { titled, titleFromQuery, usePageTitle } from '../../lib/page-title.ts';
import { t } from '../../lib/i18n.ts';

export function GalleryRoute() {
  const { buildingId } = useParams();
  const id = parseBuildingId(buildingId);
  // The gallery names its building; the buildings feature reads it, the app composes.
  const building = useBuilding(id);
  // pageTitles.gallery of the page table, in the page's language (the server's head says the same).
  usePageTitle(titleFromQuery(id !== null, building, (b) => titled(t('Photos of {name}', { name: b.name }))));
  return <GalleryPage buildingId={id} buildingName={building.data?.name ?? null} slots={imageViewerSlots} />;
}

import { useParams } from 'react-router';
import { parseBuildingId, useBuilding } from '../../features/buildings/api/get-building.ts';
import { GalleryPage } from '../../features/images/components/gallery-page.tsx';
import { imageViewerSlots } from './image-viewer-slots.tsx';
import { pageTitles } from '#domain/pages';
import { titleFromQuery, usePageTitle } from '../../lib/page-title.ts';

export function GalleryRoute() {
  const { buildingId } = useParams();
  const id = parseBuildingId(buildingId);
  // The gallery names its building; the buildings feature reads it, the app composes.
  const building = useBuilding(id);
  usePageTitle(titleFromQuery(id !== null, building, (b) => pageTitles.gallery(b.name)));
  return <GalleryPage buildingId={id} buildingName={building.data?.name ?? null} slots={imageViewerSlots} />;
}

import { useParams } from 'react-router';
import { parseBuildingId } from '../../features/buildings/api/get-building.ts';
import { GalleryPage } from '../../features/images/components/gallery-page.tsx';
import { imageViewerSlots } from './image-viewer-slots.tsx';

export function GalleryRoute() {
  const { buildingId } = useParams();
  return <GalleryPage buildingId={parseBuildingId(buildingId)} slots={imageViewerSlots} />;
}

import { useParams } from 'react-router';
import { GalleryPage } from '../../features/gallery/components/gallery-page.tsx';

export function GalleryRoute() {
  const { buildingId = '' } = useParams();
  return <GalleryPage buildingId={buildingId} />;
}

import { useParams } from 'react-router';
import { VotedImages } from '../../features/images/components/voted-images.tsx';
import { imageViewerSlots } from './image-viewer-slots.tsx';

/** /user/{handle}/images: the images the user voted on, with the gallery's full view. */
export function UserImagesRoute() {
  const { handle = '' } = useParams();
  return <VotedImages handle={handle} slots={imageViewerSlots} />;
}

import { lazy, Suspense } from 'react';
import type { BuildingPanelSlots } from '../../features/buildings/components/building-panel.tsx';
import { BuildingImageStrip } from '../../features/images/components/building-image-strip.tsx';
import { imageViewerSlots } from './image-viewer-slots.tsx';

// Only a building with no photo shows it: it loads then (the building page is at its byte budget).
const FirstPhotoInvite = lazy(() =>
  import('../../features/images/components/first-photo-invite.tsx').then((m) => ({
    default: m.FirstPhotoInvite,
  })),
);

/**
 * Product §2: the building profile's images open the same full view as the gallery; a building
 * with none invites its first photo.
 */
export const buildingImagesSlot: Pick<BuildingPanelSlots, 'images'> = {
  images: (building) => (
    <BuildingImageStrip
      key={building.id}
      buildingId={building.id}
      hasImages={building.image_count > 0 || building.images.length > 0}
      slots={imageViewerSlots}
      empty={
        <Suspense fallback={null}>
          <FirstPhotoInvite buildingId={building.id} />
        </Suspense>
      }
    />
  ),
};

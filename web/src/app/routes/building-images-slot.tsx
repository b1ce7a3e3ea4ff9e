import type { BuildingPanelSlots } from '../../features/buildings/components/building-panel.tsx';
import { BuildingImageStrip } from '../../features/images/components/building-image-strip.tsx';
import { ThroughTimeButton } from '../../features/images/components/through-time-button.tsx';
import { imageViewerSlots } from './image-viewer-slots.tsx';

/**
 * Product §2: the building profile's images open the same full view as the gallery; with photos,
 * 'Through time' shows them by the year they were taken.
 */
export const buildingImagesSlot: Pick<BuildingPanelSlots, 'images'> = {
  images: (building) => {
    const hasImages = building.image_count > 0 || building.images.length > 0;
    return (
      <>
        <BuildingImageStrip
          key={building.id}
          buildingId={building.id}
          hasImages={hasImages}
          slots={imageViewerSlots}
        />
        {hasImages && (
          <div>
            <ThroughTimeButton key={building.id} buildingId={building.id} size="xs" />
          </div>
        )}
      </>
    );
  },
};

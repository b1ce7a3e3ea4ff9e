import type { BuildingPanelSlots } from '../../features/buildings/components/building-panel.tsx';
import { BuildingImageStrip } from '../../features/images/components/building-image-strip.tsx';
import { imageViewerSlots } from './image-viewer-slots.tsx';

/** Product §2: the building profile's images open the same full view as the gallery. */
export const buildingImagesSlot: Pick<BuildingPanelSlots, 'images'> = {
  images: (building) => (
    <BuildingImageStrip
      key={building.id}
      buildingId={building.id}
      hasImages={building.image_count > 0 || building.images.length > 0}
      slots={imageViewerSlots}
    />
  ),
};

import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import type { BuildingPanelSlots } from '../../features/buildings/components/building-panel.tsx';
import { BuildingImageStrip } from '../../features/images/components/building-image-strip.tsx';
import { DialogLoading } from '../../components/dialog-loading.tsx';
import { useOpenedOnce } from '../../lib/use-opened-once.ts';
import { imageViewerSlots } from './image-viewer-slots.tsx';
import { t } from '../../lib/i18n.ts';

// Only a building with no photo shows it: it loads then (the building page is at its byte budget).
const FirstPhotoInvite = lazy(() =>
  import('../../features/images/components/first-photo-invite.tsx').then((m) => ({
    default: m.FirstPhotoInvite,
  })),
);

// 'Through time' loads on first use (through-time-loader.ts). The gallery has the same button
// (ThroughTimeButton); this one is written here rather than shared, as a module shared by the two
// routes becomes a chunk of its own, and the building page's budget has no room for one more.
const ThroughTimeDialog = lazy(() =>
  import('../../features/images/components/through-time-loader.ts').then((m) => m.loadThroughTimeDialog()),
);

function ThroughTime({ buildingId }: { buildingId: number }) {
  const [opened, setOpened] = useState(false);
  const wanted = useOpenedOnce(opened);
  return (
    <div>
      <Button variant="light" size="xs" onClick={() => setOpened(true)}>
        {t('Through time')}
      </Button>
      {wanted && (
        <Suspense fallback={<DialogLoading />}>
          <ThroughTimeDialog buildingId={buildingId} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * Product §2: the building profile's images open the same full view as the gallery; with photos,
 * 'Through time' shows them by the year they were taken; a building with none invites its first
 * photo.
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
          empty={
            <Suspense fallback={null}>
              <FirstPhotoInvite buildingId={building.id} />
            </Suspense>
          }
        />
        {hasImages && <ThroughTime key={building.id} buildingId={building.id} />}
      </>
    );
  },
};

import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { IconTimeline } from '@tabler/icons-react';
import { DialogLoading } from '../../../components/dialog-loading.tsx';
import { useOpenedOnce } from '../../../lib/use-opened-once.ts';
import { THROUGH_TIME_TEXTS } from '../model/through-time.ts';

// The dialog (the timeline, the compare view, their styles) loads when first opened.
const ThroughTimeDialog = lazy(() =>
  import('./through-time-dialog.tsx').then((m) => ({ default: m.ThroughTimeDialog })),
);

interface ThroughTimeButtonProps {
  buildingId: number;
  size?: 'xs' | 'sm';
}

/** 'Through time' on the building page and the gallery: opens the photos by year taken. */
export function ThroughTimeButton({ buildingId, size = 'sm' }: ThroughTimeButtonProps) {
  const [opened, setOpened] = useState(false);
  const wanted = useOpenedOnce(opened);
  return (
    <>
      <Button
        variant="light"
        size={size}
        leftSection={<IconTimeline size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {THROUGH_TIME_TEXTS.open}
      </Button>
      {wanted && (
        <Suspense fallback={<DialogLoading />}>
          <ThroughTimeDialog buildingId={buildingId} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

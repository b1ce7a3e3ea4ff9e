import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { DialogLoading } from '../../../components/dialog-loading.tsx';
import { useOpenedOnce } from '../../../lib/use-opened-once.ts';
import { t } from '../../../lib/i18n.ts';

// The dialog (the timeline, the compare view, their styles) loads when first opened, in two
// steps (through-time-loader.ts says why).
const ThroughTimeDialog = lazy(() =>
  import('./through-time-loader.ts').then((m) => m.loadThroughTimeDialog()),
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
      <Button variant="light" size={size} onClick={() => setOpened(true)}>
        {/* THROUGH_TIME_TEXTS.open, written out: the texts' module loads with the dialog only. */}
        {t('Through time')}
      </Button>
      {wanted && (
        <Suspense fallback={<DialogLoading />}>
          <ThroughTimeDialog buildingId={buildingId} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import type { List } from '#domain/lists';
import { DialogLoading } from '../../../components/dialog-loading.tsx';
import { useOpenedOnce } from '../../../lib/use-opened-once.ts';
import { t } from '../../../lib/i18n.ts';

// The route view (its map included) loads when first opened.
const WalkingTourDialog = lazy(() =>
  import('./walking-tour-dialog.tsx').then((m) => ({ default: m.WalkingTourDialog })),
);

/** 'Walking tour' on a list: its buildings as a route to walk. */
export function WalkingTourButton({ list }: { list: List }) {
  const [opened, setOpened] = useState(false);
  const wanted = useOpenedOnce(opened);
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconRoute size={14} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-label={t('Walking tour of {name}', { name: list.name })}
      >
        {t('Walking tour')}
      </Button>
      {wanted && (
        <Suspense fallback={<DialogLoading />}>
          <WalkingTourDialog list={list} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

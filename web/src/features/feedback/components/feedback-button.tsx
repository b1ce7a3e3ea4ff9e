import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessageReport } from '@tabler/icons-react';
import classes from './feedback-button.module.css';
import { t } from '../../../lib/i18n.ts';

// The modal (its form, select and rules) loads when first opened.
const FeedbackModal = lazy(() => import('./feedback-modal.tsx').then((m) => ({ default: m.FeedbackModal })));

/** Product §2, global elements: the Feedback button opens the feedback modal (no login needed). */
export function FeedbackButton() {
  const [opened, { open, close }] = useDisclosure(false);
  // Mounted from the first opening on, so what was typed stays between openings as before.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size="compact-md"
        leftSection={<IconMessageReport size={18} aria-hidden />}
        classNames={{ root: classes.root, section: classes.section, label: classes.label }}
        aria-label={t('Feedback')}
        onClick={() => {
          setWanted(true);
          open();
        }}
      >
        {t('Feedback')}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <FeedbackModal opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

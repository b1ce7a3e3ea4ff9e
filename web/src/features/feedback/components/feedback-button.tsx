import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessageReport } from '@tabler/icons-react';
import { FeedbackModal } from './feedback-modal.tsx';
import classes from './feedback-button.module.css';

/** Product §2, global elements: the Feedback button opens the feedback modal (no login needed). */
export function FeedbackButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size="compact-md"
        leftSection={<IconMessageReport size={18} aria-hidden />}
        classNames={{ label: classes.label }}
        aria-label="Feedback"
        onClick={open}
      >
        Feedback
      </Button>
      <FeedbackModal opened={opened} onClose={close} />
    </>
  );
}

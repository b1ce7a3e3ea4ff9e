import { Button, Group } from '@mantine/core';
import { t } from '../lib/i18n.ts';

interface FormActionsProps {
  /** The submit button's text, translated. */
  submitLabel: string;
  /** While the form is being sent: the submit button spins and Cancel waits. */
  busy: boolean;
  onCancel: () => void;
}

/** A dialog form's buttons, right-aligned: Cancel, then its submit button. */
export function FormActions({ submitLabel, busy, onCancel }: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {t('Cancel')}
      </Button>
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </Group>
  );
}

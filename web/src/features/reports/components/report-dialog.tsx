import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
} from '#domain/moderation-terms';
import { ApiError } from '../../../lib/api-client.ts';
import { createReport } from '../api/create-report.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { t } from '../../../lib/i18n.ts';

/** The dialog's own messages (translated where shown). */
export const REPORT_MESSAGES = {
  reasonNeeded: 'Please choose a reason.',
  sent: 'Thank you. The moderators will take a look.',
  failed: 'The report could not be sent. Please try again.',
} as const;

const isReason = (value: string): value is ReportReason => REPORT_REASONS.some((r) => r === value);

export interface ReportDialogProps {
  targetType: ReportTargetType;
  targetId: number;
  opened: boolean;
  onClose: () => void;
}

type Status = 'editing' | 'sending' | 'sent';

/**
 * The report dialog: a reason (required) and an optional note, sent to the moderators. `error`
 * holds an English message of the dialog or the server's detail; it is translated where shown
 * (a text the catalogue does not know shows as it is).
 */
export function ReportDialog({ targetType, targetId, opened, onClose }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<Status>('editing');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    onClose();
    setReason(null);
    setNote('');
    setStatus('editing');
    setError(null);
  };

  const send = async () => {
    if (reason === null) {
      setError(REPORT_MESSAGES.reasonNeeded);
      return;
    }
    setStatus('sending');
    setError(null);
    try {
      const trimmed = note.trim();
      await createReport({
        target_type: targetType,
        target_id: targetId,
        reason,
        ...(trimmed ? { note: trimmed } : {}),
      });
      setStatus('sent');
    } catch (err) {
      // The server's detail says what happened (already reported, gone, too many reports).
      setError(err instanceof ApiError && err.problem?.detail ? err.problem.detail : REPORT_MESSAGES.failed);
      setStatus('editing');
    }
  };

  return (
    <Modal opened={opened} onClose={status === 'sending' ? () => {} : close} title={t('Report')} centered>
      {status === 'sent' ? (
        <Stack gap="sm">
          <Text role="status">{t(REPORT_MESSAGES.sent)}</Text>
          <Group justify="flex-end">
            <Button onClick={close}>{t('Close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          aria-label={t('Report')}
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <Stack gap="sm">
            <Radio.Group
              label={t('What is wrong?')}
              required
              value={reason}
              onChange={(value) => setReason(isReason(value) ? value : null)}
            >
              <Stack gap={6} mt={6}>
                {REPORT_REASONS.map((r) => (
                  <Radio key={r} value={r} label={t(REPORT_REASON_LABELS[r])} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label={t('Note (optional)')}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={REPORT_NOTE_MAX}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            {error && (
              <Text size="sm" c="red" role="alert">
                {t(error)}
              </Text>
            )}
            <FormActions submitLabel={t('Send report')} busy={status === 'sending'} onCancel={close} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

import { useEffect, useReducer } from 'react';
import { Modal, Select, Stack, Text, TextInput, Textarea, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import {
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_EMAIL_MAX,
  FEEDBACK_TITLE_MAX,
  FEEDBACK_TYPES,
  type FeedbackType,
} from '#domain/feedback';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { sendFeedback } from '../api/send-feedback.ts';
import {
  FEEDBACK_MESSAGES,
  FEEDBACK_SUCCESS_MS,
  FEEDBACK_TYPE_OPTIONS,
  browserContext,
  feedbackBody,
  feedbackReducer,
  initialFeedbackState,
  validateFeedback,
} from '../model/feedback-form.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { t } from '../../../lib/i18n.ts';

interface FeedbackModalProps {
  opened: boolean;
  onClose: () => void;
}

const isFeedbackType = (value: string | null): value is FeedbackType =>
  FEEDBACK_TYPES.some((type) => type === value);

/**
 * Product §2, feedback modal: title, description, type and an optional email (the user's, prefilled);
 * page URL and browser info ride along. On success a thank-you shows for 2 s, then the modal
 * closes and the form resets. A failed send is logged and keeps the input. The model keeps the
 * English texts (errors, type names); they are translated here, where shown.
 */
export function FeedbackModal({ opened, onClose }: FeedbackModalProps) {
  const { user } = useAuth();
  const email = user?.email ?? null;
  const [state, dispatch] = useReducer(feedbackReducer, email, initialFeedbackState);
  const { values, errors, status } = state;

  // Prefill the email of whoever is signed in when the form is still untouched.
  const pristine = values.title === '' && values.description === '' && values.email === '';
  useEffect(() => {
    if (pristine && email) dispatch({ type: 'reset', email });
  }, [pristine, email]);

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => {
      onClose();
      dispatch({ type: 'reset', email });
    }, FEEDBACK_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [status, onClose, email]);

  const submit = async () => {
    if (Object.keys(validateFeedback(values)).length > 0) {
      dispatch({ type: 'submit' });
      return;
    }
    dispatch({ type: 'submit' });
    try {
      await sendFeedback(feedbackBody(values, browserContext()));
      dispatch({ type: 'sent' });
    } catch (error) {
      console.error('Sending feedback failed', error);
      dispatch({ type: 'failed' });
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={status === 'submitting' ? () => {} : onClose}
      title={t('Send Feedback')}
      centered
      closeButtonProps={{ 'aria-label': t('Close') }}
    >
      {status === 'success' ? (
        <Stack align="center" gap="xs" py="lg" role="status">
          <ThemeIcon size={48} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={32} aria-hidden />
          </ThemeIcon>
          <Text fw={600} size="lg">
            {t(FEEDBACK_MESSAGES.thanksTitle)}
          </Text>
          <Text c="dimmed" ta="center">
            {t(FEEDBACK_MESSAGES.thanksText)}
          </Text>
        </Stack>
      ) : (
        <form
          noValidate
          aria-label={t('Feedback')}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('Title')}
              required
              maxLength={FEEDBACK_TITLE_MAX}
              value={values.title}
              onChange={(e) => dispatch({ type: 'edit', field: 'title', value: e.currentTarget.value })}
              error={errors.title && t(errors.title)}
              data-autofocus
            />
            <Textarea
              label={t('Description')}
              required
              autosize
              minRows={4}
              maxRows={10}
              maxLength={FEEDBACK_DESCRIPTION_MAX}
              value={values.description}
              onChange={(e) => dispatch({ type: 'edit', field: 'description', value: e.currentTarget.value })}
              error={errors.description && t(errors.description)}
            />
            <Select
              label={t('Type')}
              data={FEEDBACK_TYPE_OPTIONS.map((option) => ({ value: option.value, label: t(option.label) }))}
              value={values.type}
              allowDeselect={false}
              onChange={(value) => {
                if (isFeedbackType(value)) dispatch({ type: 'setType', value });
              }}
              comboboxProps={{ withinPortal: true, zIndex: 400 }}
            />
            <TextInput
              label={t('Email (optional)')}
              type="email"
              maxLength={FEEDBACK_EMAIL_MAX}
              value={values.email}
              onChange={(e) => dispatch({ type: 'edit', field: 'email', value: e.currentTarget.value })}
            />
            <Text size="xs" c="dimmed">
              {t('The page address and your browser details are attached to help us understand the report.')}
            </Text>
            {state.sendFailed && (
              <Text size="sm" c="red" role="alert">
                {t(FEEDBACK_MESSAGES.sendFailed)}
              </Text>
            )}
            <FormActions submitLabel={t('Send Feedback')} busy={status === 'submitting'} onCancel={onClose} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

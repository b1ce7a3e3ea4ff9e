import { lazy, Suspense, useState, type Dispatch, type FormEvent } from 'react';
import { Alert, Button, Grid, Group, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { MAP_MOBILE_MAX_WIDTH } from '#domain/constants';
import { coordinatesOf } from '../../../lib/building-form/building-fields.ts';
import { useMaxWidth } from '../../../lib/use-max-width.ts';
import { parsePlaceAddress, usePlaceSearchStatus } from '../api/places.ts';
import { useCountryPreselect } from '../hooks/use-country-preselect.ts';
import { useSubmitBuilding } from '../hooks/use-submit-building.ts';
import {
  WIZARD_STEP_COUNT,
  WIZARD_STEP_TITLES,
  hasEnteredData,
  isStepValid,
  needsAddressParse,
  validateSubmission,
  type WizardAction,
  type WizardState,
} from '../model/wizard.ts';
import { AddressStep } from './address-step.tsx';
import { DetailsStep } from './details-step.tsx';
import { ImagesStep } from './images-step.tsx';
import { LocationStep } from './location-step.tsx';
import { t } from '../../../lib/i18n.ts';

// The map library loads when the wizard first shows its preview, not with every page.
const LocationPreviewMap = lazy(() =>
  import('./location-preview-map.tsx').then((m) => ({ default: m.LocationPreviewMap })),
);

/** Asked before closing a wizard that holds entered data. */
export const DISCARD_QUESTION = 'Discard the building you started adding?';

interface CreateBuildingWizardProps {
  opened: boolean;
  onClose: () => void;
  /** Kept by the caller so that closing after a failure loses nothing typed. */
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}

/** Product §2, Create Building wizard: 4 steps with a progress bar, 'n of 4' and Previous/Next. */
export function CreateBuildingWizard({ opened, onClose, state, dispatch }: CreateBuildingWizardProps) {
  // Read at once: on a phone the wizard opens full screen from its first frame.
  const narrow = useMaxWidth(MAP_MOBILE_MAX_WIDTH);
  const placeSearch = usePlaceSearchStatus();
  const [processingAddress, setProcessingAddress] = useState(false);
  const [submitErrors, setSubmitErrors] = useState<string[]>([]);
  const { submit, submitting, buttonText } = useSubmitBuilding({
    onCreated: () => {
      dispatch({ type: 'reset' });
      onClose();
    },
    onDuplicate: onClose,
  });
  useCountryPreselect(state, dispatch, opened);
  const { step } = state;
  const busy = submitting || processingAddress;

  const close = () => {
    if (busy) return;
    if (hasEnteredData(state) && !window.confirm(t(DISCARD_QUESTION))) return;
    dispatch({ type: 'reset' });
    setSubmitErrors([]);
    onClose();
  };

  const next = async () => {
    if (!isStepValid(state)) return;
    if (needsAddressParse(state) && state.place) {
      const place = state.place;
      setProcessingAddress(true);
      // Product §4: the step advances even if parsing fails (the failure is only logged).
      const address = await parsePlaceAddress(place, state.name.trim() || place.displayName);
      dispatch({ type: 'addressParsed', placeId: place.id, address });
      setProcessingAddress(false);
    }
    dispatch({ type: 'next' });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step < WIZARD_STEP_COUNT - 1) {
      void next();
      return;
    }
    const errors = validateSubmission(state);
    setSubmitErrors(errors);
    if (errors.length === 0) void submit(state);
  };

  const stepNumber = step + 1;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        <Title order={2} size="h3">
          {t('Add New Building')}
        </Title>
      }
      size={narrow ? '100%' : 1100}
      fullScreen={narrow}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('Close') }}
    >
      <form onSubmit={onSubmit} noValidate aria-label={t('Create building')}>
        <Stack gap="md">
          <Stack gap={4}>
            <Group justify="space-between">
              <Text fw={600}>{t(WIZARD_STEP_TITLES[step] ?? '')}</Text>
              <Text size="sm" c="dimmed">
                {t('{step} of {count}', { step: stepNumber, count: WIZARD_STEP_COUNT })}
              </Text>
            </Group>
            <Progress
              value={(stepNumber / WIZARD_STEP_COUNT) * 100}
              aria-label={t('Step {step} of {count}', { step: stepNumber, count: WIZARD_STEP_COUNT })}
            />
          </Stack>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              {step === 0 && <LocationStep state={state} dispatch={dispatch} placeSearch={placeSearch} />}
              {step === 1 && <AddressStep state={state} dispatch={dispatch} />}
              {step === 2 && <DetailsStep state={state} dispatch={dispatch} />}
              {step === 3 && <ImagesStep state={state} dispatch={dispatch} disabled={submitting} />}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }} mih={narrow ? 220 : 360}>
              <Suspense fallback={null}>
                <LocationPreviewMap coordinates={coordinatesOf(state)} />
              </Suspense>
            </Grid.Col>
          </Grid>
          {submitErrors.length > 0 && step === WIZARD_STEP_COUNT - 1 && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              <Stack gap={2}>
                {submitErrors.map((message) => (
                  <Text key={message} size="sm">
                    {t(message)}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
          <Group justify="space-between">
            <Button
              variant="default"
              onClick={() => dispatch({ type: 'previous' })}
              disabled={step === 0 || busy}
            >
              {t('Previous')}
            </Button>
            {step < WIZARD_STEP_COUNT - 1 ? (
              <Button type="submit" disabled={!isStepValid(state) || busy}>
                {processingAddress ? t('Processing Address...') : t('Next')}
              </Button>
            ) : (
              <Button type="submit" disabled={submitting}>
                {t(buttonText)}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

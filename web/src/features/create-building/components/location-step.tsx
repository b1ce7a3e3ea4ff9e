import type { Dispatch } from 'react';
import { Loader, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { BUILDING_NAME_MAX } from '#domain/building-write';
import { coordinateRangeErrors } from '../../../lib/building-form/building-fields.ts';
import { CoordinateInputs, FormErrorAlert } from '../../../lib/building-form/building-inputs.tsx';
import { locationModeOf, type LocationMode, type WizardAction, type WizardState } from '../model/wizard.ts';
import { placeSearchNotice, type PlaceSearchStatus } from '../model/places.ts';
import { PlaceSearch } from './place-search.tsx';
import { t } from '../../../lib/i18n.ts';

interface LocationStepProps {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  placeSearch: PlaceSearchStatus;
}

/** Product §2 step 1, Location: 'Search on Map' or 'Enter Manually' (name, longitude, latitude). */
export function LocationStep({ state, dispatch, placeSearch }: LocationStepProps) {
  const mode = locationModeOf(state, placeSearch === 'on' || placeSearch === 'pending');
  const rangeErrors = coordinateRangeErrors(state);
  const notice = placeSearchNotice(placeSearch);

  return (
    <Stack gap="md">
      <SegmentedControl<LocationMode>
        fullWidth
        aria-label={t('How to locate the building')}
        value={mode}
        onChange={(value) => dispatch({ type: 'setLocationMode', mode: value })}
        data={[
          {
            value: 'search',
            label: t('Search on Map'),
            disabled: placeSearch === 'off' || placeSearch === 'failed',
          },
          { value: 'manual', label: t('Enter Manually') },
        ]}
      />
      {notice && (
        <Text size="sm" c="dimmed">
          {t(notice)}
        </Text>
      )}
      {mode === 'search' &&
        (placeSearch === 'pending' ? (
          <Loader size="sm" role="status" aria-label={t('Loading place search')} />
        ) : (
          <PlaceSearch state={state} dispatch={dispatch} />
        ))}
      {mode === 'manual' && (
        <Stack gap="sm">
          <TextInput
            label={t('Name')}
            required
            maxLength={BUILDING_NAME_MAX}
            value={state.name}
            onChange={(e) => dispatch({ type: 'setName', value: e.currentTarget.value })}
          />
          <CoordinateInputs
            longitude={state.longitude}
            latitude={state.latitude}
            onChange={(field, value) => dispatch({ type: 'setCoordinate', field, value })}
            errors={rangeErrors}
            placeholders={{ longitude: '-73.9857', latitude: '40.7484' }}
          />
          <Text size="xs" c="dimmed">
            {t('Tip: paste ‘latitude, longitude’ from a map site into either box.')}
          </Text>
        </Stack>
      )}
      {state.placeError && <FormErrorAlert>{t(state.placeError)}</FormErrorAlert>}
    </Stack>
  );
}

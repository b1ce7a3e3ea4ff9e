import type { Dispatch } from 'react';
import { Alert, Loader, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { BUILDING_NAME_MAX } from '#domain/buildings';
import { coordinateRangeErrors } from '../../../lib/building-form/building-fields.ts';
import { locationModeOf, type LocationMode, type WizardAction, type WizardState } from '../model/wizard.ts';
import { PlaceSearch } from './place-search.tsx';

interface LocationStepProps {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  /** The server has a place search provider. */
  searchAvailable: boolean;
  /** The provider question has not been answered yet. */
  providerPending: boolean;
}

/** Spec 2 step 1, Location: 'Search on Map' or 'Enter Manually' (name, longitude, latitude). */
export function LocationStep({ state, dispatch, searchAvailable, providerPending }: LocationStepProps) {
  const mode = locationModeOf(state, searchAvailable || providerPending);
  const rangeErrors = coordinateRangeErrors(state);

  return (
    <Stack gap="md">
      <SegmentedControl<LocationMode>
        fullWidth
        aria-label="How to locate the building"
        value={mode}
        onChange={(value) => dispatch({ type: 'setLocationMode', mode: value })}
        data={[
          { value: 'search', label: 'Search on Map', disabled: !searchAvailable && !providerPending },
          { value: 'manual', label: 'Enter Manually' },
        ]}
      />
      {!searchAvailable && !providerPending && (
        <Text size="sm" c="dimmed">
          Place search is unavailable right now, so please enter the location manually.
        </Text>
      )}
      {mode === 'search' &&
        (providerPending ? (
          <Loader size="sm" aria-label="Loading place search" />
        ) : (
          <PlaceSearch state={state} dispatch={dispatch} />
        ))}
      {mode === 'manual' && (
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            maxLength={BUILDING_NAME_MAX}
            value={state.name}
            onChange={(e) => dispatch({ type: 'setName', value: e.currentTarget.value })}
          />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label="Longitude"
              inputMode="decimal"
              placeholder="-73.9857"
              value={state.longitude}
              onChange={(e) =>
                dispatch({ type: 'setCoordinate', field: 'longitude', value: e.currentTarget.value })
              }
              error={rangeErrors.longitude}
            />
            <TextInput
              label="Latitude"
              inputMode="decimal"
              placeholder="40.7484"
              value={state.latitude}
              onChange={(e) =>
                dispatch({ type: 'setCoordinate', field: 'latitude', value: e.currentTarget.value })
              }
              error={rangeErrors.latitude}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Tip: paste &lsquo;latitude, longitude&rsquo; from a map site into either box.
          </Text>
        </Stack>
      )}
      {state.placeError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden />}
          role="alert"
          p="xs"
        >
          {state.placeError}
        </Alert>
      )}
    </Stack>
  );
}

import type { Dispatch } from 'react';
import { SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { BUILDING_DESCRIPTION_MAX } from '#domain/buildings';
import { yearErrors } from '../../../lib/building-form/building-fields.ts';
import { StylePicker } from '../../../lib/styles/style-picker.tsx';
import type { DetailField, WizardAction, WizardState } from '../model/wizard.ts';

interface DetailsStepProps {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}

/** Spec 2 step 3, Details: years, description and architectural styles (the edit form's picker). */
export function DetailsStep({ state, dispatch }: DetailsStepProps) {
  const errors = yearErrors(state);
  const set = (field: DetailField) => (value: string) => dispatch({ type: 'setDetail', field, value });

  return (
    <Stack gap="sm">
      <Text c="dimmed">Tell us more about it</Text>
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label="Year built"
          placeholder="YYYY"
          inputMode="numeric"
          value={state.yearBuilt}
          onChange={(e) => set('yearBuilt')(e.currentTarget.value)}
          error={errors.yearBuilt}
        />
        <TextInput
          label="Year demolished"
          placeholder="YYYY"
          inputMode="numeric"
          value={state.yearDemolished}
          onChange={(e) => set('yearDemolished')(e.currentTarget.value)}
          error={errors.yearDemolished}
        />
      </SimpleGrid>
      <Textarea
        label="Description"
        autosize
        minRows={3}
        maxRows={8}
        maxLength={BUILDING_DESCRIPTION_MAX}
        value={state.description}
        onChange={(e) => set('description')(e.currentTarget.value)}
      />
      <StylePicker
        required
        value={state.architecturalStyles}
        onChange={(ids) => dispatch({ type: 'setStyles', ids })}
      />
    </Stack>
  );
}

import { useState, type Dispatch } from 'react';
import { Stack, Text, Textarea } from '@mantine/core';
import { BUILDING_DESCRIPTION_MAX } from '#domain/building-write';
import { yearErrors } from '../../../lib/building-form/building-fields.ts';
import { YearInputs } from '../../../lib/building-form/building-inputs.tsx';
import { StylePicker } from '../../../lib/styles/style-picker.tsx';
import { leftEmptyMessage, type DetailField, type WizardAction, type WizardState } from '../model/wizard.ts';
import { ArchitectsInput } from '../../../lib/building-form/architects-input.tsx';
import { t } from '../../../lib/i18n.ts';
import { fieldError } from '../../../lib/building-form/field-message.ts';

interface DetailsStepProps {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}

/** Product §2 step 3, Details: years, description and architectural styles (the edit form's picker). */
export function DetailsStep({ state, dispatch }: DetailsStepProps) {
  const errors = yearErrors(state);
  // A missing style is said when the user leaves the picker, not only on the last step.
  const [stylesLeft, setStylesLeft] = useState(false);
  const stylesError = fieldError(leftEmptyMessage(state, 'styles', stylesLeft));
  const set = (field: DetailField) => (value: string) => dispatch({ type: 'setDetail', field, value });

  return (
    <Stack gap="sm">
      <Text c="dimmed">{t('Tell us more about it')}</Text>
      <YearInputs
        yearBuilt={state.yearBuilt}
        yearDemolished={state.yearDemolished}
        onChange={(field, value) => set(field)(value)}
        errors={errors}
      />
      <Textarea
        label={t('Description')}
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
        onBlur={() => setStylesLeft(true)}
        error={stylesError}
      />
      <ArchitectsInput
        value={state.architects}
        onChange={(names) => dispatch({ type: 'setArchitects', names })}
      />
    </Stack>
  );
}

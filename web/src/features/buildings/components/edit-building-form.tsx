import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { BUILDING_DESCRIPTION_MAX, BUILDING_NAME_MAX } from '#domain/building-write';
import type { BuildingDetail } from '#domain/building-detail';
import { CoordinateInputs, FormErrorAlert, YearInputs } from '../../../lib/building-form/building-inputs.tsx';
import { StylePicker } from '../../../lib/styles/style-picker.tsx';
import { ArchitectsInput } from '../../../lib/building-form/architects-input.tsx';
import { useUpdateBuilding } from '../api/update-building.ts';
import { useSuggestEdit } from '../api/revisions.ts';
import { SUGGEST_MESSAGES, suggestionBody } from '../model/suggest-edit.ts';
import { showToast } from '../../../lib/toast/toast.ts';
import { SUGGESTION_NOTE_MAX } from '#domain/revision-terms';
import { problemText } from './revisions/problem-text.ts';
import {
  MESSAGES,
  hasErrors,
  splitPastedCoordinates,
  updateBuildingBody,
  validateEditBuilding,
  valuesFromBuilding,
  type EditBuildingField,
  type EditBuildingValues,
} from '../model/edit-building-form.ts';
import { t } from '../../../lib/i18n.ts';
import { fieldError } from '../../../lib/building-form/field-message.ts';

interface EditBuildingFormProps {
  building: BuildingDetail;
  onSaved: () => void;
  onCancel: () => void;
  /**
   * 'edit' saves the building (its owner, moderators); 'suggest' sends the changed fields as a
   * suggestion for the owner or the moderators to review (everyone else signed in).
   */
  mode?: 'edit' | 'suggest';
}

/** Product §2 and 5, edit building form: name, coordinates, years, description and styles. */
export function EditBuildingForm({ building, onSaved, onCancel, mode = 'edit' }: EditBuildingFormProps) {
  const [values, setValues] = useState<EditBuildingValues>(() => valuesFromBuilding(building));
  const [touched, setTouched] = useState<Partial<Record<EditBuildingField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [note, setNote] = useState('');
  const [nothingChanged, setNothingChanged] = useState(false);
  const update = useUpdateBuilding();
  const suggest = useSuggestEdit();
  const suggesting = mode === 'suggest';
  const pending = suggesting ? suggest.isPending : update.isPending;

  const errors = validateEditBuilding(values, { submitting: submitted });
  const shown = (field: EditBuildingField) => (touched[field] || submitted ? errors[field] : undefined);

  const set = (field: EditBuildingField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
  };
  // Product §5: 'lat, lng' typed or pasted into either coordinate box fills both.
  const setCoordinate = (field: 'longitude' | 'latitude', text: string) => {
    const split = splitPastedCoordinates(text);
    if (!split) return set(field, text);
    setValues((v) => ({ ...v, ...split }));
    setTouched((t) => ({ ...t, longitude: true, latitude: true }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(validateEditBuilding(values, { submitting: true }))) return;
    if (suggesting) {
      const body = suggestionBody(building, values);
      setNothingChanged(body === null);
      if (body === null) return;
      const trimmed = note.trim();
      suggest.mutate(
        { id: building.id, body: { ...body, ...(trimmed ? { note: trimmed } : {}) } },
        {
          onSuccess: () => {
            showToast({ message: t(SUGGEST_MESSAGES.sent), type: 'success' });
            onSaved();
          },
        },
      );
      return;
    }
    update.mutate(updateBuildingBody(building, values), {
      onSuccess: onSaved,
      onError: (error) => console.error('Failed to update building', error),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={suggesting ? t('Suggest an edit') : t('Edit building')}>
      <Stack gap="sm">
        <TextInput
          label={t('Name')}
          required
          maxLength={BUILDING_NAME_MAX}
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={fieldError(shown('name'))}
          data-autofocus
        />
        <CoordinateInputs
          longitude={values.longitude}
          latitude={values.latitude}
          onChange={setCoordinate}
          errors={errors}
        />
        {errors.coordinates && <FormErrorAlert>{t(errors.coordinates)}</FormErrorAlert>}
        <YearInputs
          yearBuilt={values.yearBuilt}
          yearDemolished={values.yearDemolished}
          onChange={set}
          errors={errors}
        />
        <Textarea
          label={t('Description')}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={BUILDING_DESCRIPTION_MAX}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <StylePicker
          value={values.architecturalStyles}
          onChange={(ids) => {
            setValues((v) => ({ ...v, architecturalStyles: ids }));
            setTouched((t) => ({ ...t, architecturalStyles: true }));
          }}
          knownStyles={building.architectural_styles}
          error={fieldError(shown('architecturalStyles'))}
        />
        <ArchitectsInput
          value={values.architects}
          onChange={(names) => setValues((v) => ({ ...v, architects: names }))}
        />
        {suggesting && (
          <Textarea
            label={t('Note to the reviewers (optional)')}
            description={t('Where the correction comes from, for example.')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={SUGGESTION_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
        )}
        {!suggesting && update.isError && <FormErrorAlert>{t(MESSAGES.updateFailed)}</FormErrorAlert>}
        {suggesting && nothingChanged && (
          <FormErrorAlert>{t(SUGGEST_MESSAGES.nothingChanged)}</FormErrorAlert>
        )}
        {suggesting && suggest.isError && (
          <FormErrorAlert>{problemText(suggest.error, t(SUGGEST_MESSAGES.failed))}</FormErrorAlert>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {suggesting ? t('Send suggestion') : t('Save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

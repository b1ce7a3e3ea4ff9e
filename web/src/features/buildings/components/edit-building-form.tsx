import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { BUILDING_DESCRIPTION_MAX, BUILDING_NAME_MAX } from '#domain/building-write';
import type { BuildingDetail } from '#domain/building-detail';
import { CoordinateInputs, FormErrorAlert, YearInputs } from '../../../lib/building-form/building-inputs.tsx';
import { StylePicker } from '../../../lib/styles/style-picker.tsx';
import { ArchitectsInput } from '../../../lib/building-form/architects-input.tsx';
import { useUpdateBuilding } from '../api/update-building.ts';
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

interface EditBuildingFormProps {
  building: BuildingDetail;
  onSaved: () => void;
  onCancel: () => void;
}

/** Product §2 and 5, edit building form: name, coordinates, years, description and styles. */
export function EditBuildingForm({ building, onSaved, onCancel }: EditBuildingFormProps) {
  const [values, setValues] = useState<EditBuildingValues>(() => valuesFromBuilding(building));
  const [touched, setTouched] = useState<Partial<Record<EditBuildingField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const update = useUpdateBuilding();

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
    update.mutate(updateBuildingBody(building, values), {
      onSuccess: onSaved,
      onError: (error) => console.error('Failed to update building', error),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit building">
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          maxLength={BUILDING_NAME_MAX}
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={shown('name')}
          data-autofocus
        />
        <CoordinateInputs
          longitude={values.longitude}
          latitude={values.latitude}
          onChange={setCoordinate}
          errors={errors}
        />
        {errors.coordinates && <FormErrorAlert>{errors.coordinates}</FormErrorAlert>}
        <YearInputs
          yearBuilt={values.yearBuilt}
          yearDemolished={values.yearDemolished}
          onChange={set}
          errors={errors}
        />
        <Textarea
          label="Description"
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
          error={shown('architecturalStyles')}
        />
        <ArchitectsInput
          value={values.architects}
          onChange={(names) => setValues((v) => ({ ...v, architects: names }))}
        />
        {update.isError && <FormErrorAlert>{MESSAGES.updateFailed}</FormErrorAlert>}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

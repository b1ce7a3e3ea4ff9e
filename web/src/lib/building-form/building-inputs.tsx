import type { ReactNode } from 'react';
import { Alert, SimpleGrid, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { t } from '../i18n.ts';
import { fieldError } from './field-message.ts';

/**
 * The input groups the edit form and the create wizard share (product §5 "Building coordinates"):
 * the rules live in building-fields.ts, these only draw them.
 */

type CoordinateField = 'longitude' | 'latitude';

interface CoordinateInputsProps {
  longitude: string;
  latitude: string;
  onChange: (field: CoordinateField, value: string) => void;
  errors: Partial<Record<CoordinateField, string | undefined>>;
  placeholders?: Partial<Record<CoordinateField, string>>;
}

/** Longitude and latitude side by side; a pasted 'lat, lng' is split by the caller's onChange. */
export function CoordinateInputs({
  longitude,
  latitude,
  onChange,
  errors,
  placeholders,
}: CoordinateInputsProps) {
  return (
    <SimpleGrid cols={2} spacing="sm">
      <TextInput
        label={t('Longitude')}
        inputMode="decimal"
        placeholder={placeholders?.longitude}
        value={longitude}
        onChange={(e) => onChange('longitude', e.currentTarget.value)}
        error={fieldError(errors.longitude)}
      />
      <TextInput
        label={t('Latitude')}
        inputMode="decimal"
        placeholder={placeholders?.latitude}
        value={latitude}
        onChange={(e) => onChange('latitude', e.currentTarget.value)}
        error={fieldError(errors.latitude)}
      />
    </SimpleGrid>
  );
}

type YearField = 'yearBuilt' | 'yearDemolished';

interface YearInputsProps {
  yearBuilt: string;
  yearDemolished: string;
  onChange: (field: YearField, value: string) => void;
  errors: Partial<Record<YearField, string | undefined>>;
}

/** Year built and year demolished (integers or empty). */
export function YearInputs({ yearBuilt, yearDemolished, onChange, errors }: YearInputsProps) {
  return (
    <SimpleGrid cols={2} spacing="sm">
      <TextInput
        label={t('Year built')}
        placeholder={t('YYYY')}
        inputMode="numeric"
        value={yearBuilt}
        onChange={(e) => onChange('yearBuilt', e.currentTarget.value)}
        error={fieldError(errors.yearBuilt)}
      />
      <TextInput
        label={t('Year demolished')}
        placeholder={t('YYYY')}
        inputMode="numeric"
        value={yearDemolished}
        onChange={(e) => onChange('yearDemolished', e.currentTarget.value)}
        error={fieldError(errors.yearDemolished)}
      />
    </SimpleGrid>
  );
}

/** A form-level error, announced to screen readers. */
export function FormErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" p="xs">
      {children}
    </Alert>
  );
}

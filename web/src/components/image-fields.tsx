import { Anchor, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  IMAGE_AUTHOR_MAX_LENGTH,
  IMAGE_DESCRIPTION_MAX_LENGTH,
  IMAGE_LICENSE_INFO,
  IMAGE_LICENSES,
  IMAGE_TYPE_OPTIONS,
  isImageType,
  type ImageLicense,
  type ImageType,
} from '#domain/images';
import { t } from '../lib/i18n.ts';

/**
 * The image fields of an upload, shared by the upload dialog and the Create Building wizard's
 * images step: per image its type, description and capture year (ImageFields), and for the
 * whole upload its licence and credit (ImageLicenseFields, also the viewer's owner edit).
 */

/** What the uploader typed about one image. */
export interface ImageFieldsValue {
  type: ImageType | null;
  description: string;
  /** As typed; each form checks it its own way (the wizard keeps digits only). */
  captureYear: string;
}

interface ImageFieldsProps {
  value: ImageFieldsValue;
  /** One field changed. */
  onChange: (change: Partial<ImageFieldsValue>) => void;
  disabled?: boolean;
  /** The empty type box's text (the wizard and the dialog word it differently). */
  typePlaceholder: string;
  /** The capture year box's length (the wizard takes 4 digits, the dialog 10 characters). */
  captureYearMaxLength: number;
  /** Marks the type box when the form was sent without one (the message is the form's). */
  typeMissing?: boolean;
  /** The capture year's problem, shown under its box. */
  captureYearError?: string;
}

/**
 * Product §2 and §5, one image's form: type (required, the six types with the upload UI's
 * labels), description (optional, 'leave blank') and capture year (optional, 'YYYY').
 */
export function ImageFields({
  value,
  onChange,
  disabled = false,
  typePlaceholder,
  captureYearMaxLength,
  typeMissing = false,
  captureYearError,
}: ImageFieldsProps) {
  return (
    <Stack gap={6}>
      <Select
        label={t('Type')}
        placeholder={typePlaceholder}
        data={IMAGE_TYPE_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
        value={value.type}
        onChange={(type) => onChange({ type: isImageType(type) ? type : null })}
        required
        allowDeselect={false}
        error={typeMissing ? true : undefined}
        disabled={disabled}
        size="xs"
        comboboxProps={{ withinPortal: true, zIndex: 400 }}
      />
      <Group gap="xs" grow align="flex-start">
        <TextInput
          label={t('Description')}
          placeholder={t('leave blank')}
          maxLength={IMAGE_DESCRIPTION_MAX_LENGTH}
          value={value.description}
          onChange={(e) => onChange({ description: e.currentTarget.value })}
          disabled={disabled}
          size="xs"
        />
        <TextInput
          label={t('Capture year')}
          placeholder={t('YYYY')}
          inputMode="numeric"
          maxLength={captureYearMaxLength}
          value={value.captureYear}
          onChange={(e) => onChange({ captureYear: e.currentTarget.value })}
          error={captureYearError}
          disabled={disabled}
          size="xs"
        />
      </Group>
    </Stack>
  );
}

/** What the uploader chooses for the photos of one upload. */
export interface ImageCredit {
  license: ImageLicense;
  /** The credit as typed; blank means the uploader's handle. */
  author: string;
}

interface ImageLicenseFieldsProps {
  value: ImageCredit;
  onChange: (value: ImageCredit) => void;
  disabled?: boolean;
  /** The licences offered (the owner's later change offers only the same or more open ones). */
  licenses?: readonly ImageLicense[];
  /** Shown in the empty credit box: whose name is used when it stays blank. */
  defaultAuthor?: string;
}

/**
 * Licence and credit for photos, shared by the upload dialog, the wizard's images
 * step and the viewer's owner edit: a licence with its one-line meaning and a link to its deed,
 * and the credit (up to 120 characters, blank for the uploader's handle).
 */
export function ImageLicenseFields({
  value,
  onChange,
  disabled = false,
  licenses = IMAGE_LICENSES,
  defaultAuthor,
}: ImageLicenseFieldsProps) {
  const info = IMAGE_LICENSE_INFO[value.license];
  return (
    <Stack gap={4}>
      <Select
        label={t('Licence')}
        data={licenses.map((l) => ({ value: l, label: IMAGE_LICENSE_INFO[l].name }))}
        value={value.license}
        onChange={(license) => {
          if (license) onChange({ ...value, license });
        }}
        allowDeselect={false}
        disabled={disabled}
        size="xs"
        comboboxProps={{ withinPortal: true }}
      />
      <Text size="xs" c="dimmed" data-testid="license-explanation">
        {t(info.explanation)}{' '}
        <Anchor href={info.url} target="_blank" rel="noopener noreferrer" size="xs" underline="always">
          {t('Read the licence')}
        </Anchor>
      </Text>
      <TextInput
        label={t('Credit')}
        description={t('The name shown with the photo')}
        placeholder={
          defaultAuthor ? t('Blank: {author}', { author: defaultAuthor }) : t('Blank: your handle')
        }
        maxLength={IMAGE_AUTHOR_MAX_LENGTH}
        value={value.author}
        onChange={(e) => onChange({ ...value, author: e.currentTarget.value })}
        disabled={disabled}
        size="xs"
      />
    </Stack>
  );
}

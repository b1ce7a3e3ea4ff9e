import { Anchor, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  IMAGE_AUTHOR_MAX_LENGTH,
  IMAGE_LICENSE_INFO,
  IMAGE_LICENSES,
  type ImageLicense,
} from '#domain/images';

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
        label="Licence"
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
        {info.explanation}{' '}
        <Anchor href={info.url} target="_blank" rel="noopener noreferrer" size="xs" underline="always">
          Read the licence
        </Anchor>
      </Text>
      <TextInput
        label="Credit"
        description="The name shown with the photo"
        placeholder={defaultAuthor ? `Blank: ${defaultAuthor}` : 'Blank: your handle'}
        maxLength={IMAGE_AUTHOR_MAX_LENGTH}
        value={value.author}
        onChange={(e) => onChange({ ...value, author: e.currentTarget.value })}
        disabled={disabled}
        size="xs"
      />
    </Stack>
  );
}

import type { ImageType } from '#domain/images';

/** Product §3: the upload UI labels the image types in this order. */
export const IMAGE_TYPE_OPTIONS: readonly { value: ImageType; label: string }[] = [
  { value: 'exterior', label: 'Exterior' },
  { value: 'interior', label: 'Interior' },
  { value: 'plans', label: 'Plans' },
  { value: 'drawing', label: 'Drawing' },
  { value: 'detail', label: 'Detail' },
  { value: 'other', label: 'Other' },
];

export function isImageType(value: string | null): value is ImageType {
  return IMAGE_TYPE_OPTIONS.some((option) => option.value === value);
}

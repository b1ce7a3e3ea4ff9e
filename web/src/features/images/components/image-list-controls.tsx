import { ActionIcon, Checkbox, Group, Select, Tooltip } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import { IMAGE_TYPE_OPTIONS, type ImageSort, type ImageType } from '#domain/images';
import type { ImageListQuery } from '../api/get-images.ts';
import classes from './images.module.css';
import { t } from '../../../lib/i18n.ts';

/** Product §2: the gallery's sorts, and 'Year taken' (by capture year); the user page adds 'Vote Date'. */
export const GALLERY_SORT_OPTIONS: readonly { value: ImageSort; label: string }[] = [
  { value: 'date_added', label: 'Date Added' },
  { value: 'controversial', label: 'Controversial' },
  { value: 'popular', label: 'Most Popular' },
  { value: 'capture_date', label: 'Year taken' },
];

export interface ImageListControlsProps {
  query: ImageListQuery;
  sortOptions?: readonly { value: ImageSort; label: string }[];
  onSortChange: (sortBy: ImageSort) => void;
  onToggleDirection: () => void;
  onToggleType: (imageType: ImageType) => void;
}

/** Sort selector, ascending/descending toggle (its arrow flips in 300 ms) and a checkbox per type. */
export function ImageListControls({
  query,
  sortOptions = GALLERY_SORT_OPTIONS,
  onSortChange,
  onToggleDirection,
  onToggleType,
}: ImageListControlsProps) {
  const ascending = query.sortOrder === 'asc';
  const directionLabel = ascending ? t('Ascending') : t('Descending');
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          label={t('Sort by')}
          data={sortOptions.map((o) => ({ value: o.value, label: t(o.label) }))}
          value={query.sortBy}
          onChange={(value) => value && onSortChange(value)}
          allowDeselect={false}
          w={180}
        />
        <Tooltip label={directionLabel}>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={onToggleDirection}
            aria-label={t('Sort order: {direction}', { direction: directionLabel })}
            data-sort-order={query.sortOrder}
          >
            <IconArrowDown
              size={18}
              aria-hidden
              className={`${classes.flip} ${ascending ? classes.flipped : ''}`}
            />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group gap="sm" role="group" aria-label={t('Image types')} wrap="wrap" pb={6}>
        {IMAGE_TYPE_OPTIONS.map((option) => (
          <Checkbox
            key={option.value}
            label={t(option.label)}
            checked={query.imageTypes.includes(option.value)}
            onChange={() => onToggleType(option.value)}
          />
        ))}
      </Group>
    </Group>
  );
}

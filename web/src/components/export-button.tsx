import type { KeyboardEvent, PointerEvent, Ref } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ExportFormat } from '#domain/export-formats';
import { t } from '../lib/i18n.ts';

export interface ExportGroup {
  /** Shown above the group's links, e.g. 'All matching buildings'. */
  label?: string;
  href: (format: ExportFormat) => string;
}

export interface ExportMenuProps {
  /** The button's accessible name, e.g. 'Export list Favourites'; its text is 'Export'. */
  ariaLabel?: string;
  groups: readonly ExportGroup[];
  size?: 'compact-sm' | 'compact-md' | 'xs' | 'sm';
}

/** The 'Export' button, the same before and after the menu's code has loaded. */
export function ExportButton({
  ariaLabel,
  size = 'compact-sm',
  ref,
  ...others
}: Pick<ExportMenuProps, 'ariaLabel' | 'size'> &
  Omit<ButtonProps, 'size'> & {
    ref?: Ref<HTMLButtonElement>;
    onClick?: () => void;
    onFocus?: () => void;
    onPointerEnter?: () => void;
    onPointerDown?: (event: PointerEvent<HTMLButtonElement>) => void;
    onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void;
    'aria-haspopup'?: 'menu';
    'aria-expanded'?: boolean;
  }) {
  return (
    <Button
      ref={ref}
      variant="default"
      size={size}
      leftSection={<IconDownload size={16} aria-hidden />}
      aria-label={ariaLabel}
      {...others}
    >
      {t('Export')}
    </Button>
  );
}

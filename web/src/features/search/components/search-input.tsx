import type { ReactNode } from 'react';
import { ActionIcon, Text, type TextInputProps } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import classes from './search-box.module.css';
import { t } from '../../../lib/i18n.ts';

/** Below this width the box folds into an icon. */
export const PHONE_MAX_WIDTH = 640;

/** True when a key press goes to a field (then '/' types a slash instead of focusing search). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * What the search input looks like and is named, shared by the combobox and the stand-in drawn
 * until the combobox has loaded (search-box.tsx), so the swap changes nothing on screen or in the
 * accessibility tree. `busy` shows the loader in place of the '/' hint (or the phone's close button).
 */
export function searchInputProps({
  phone,
  busy,
  onClose,
}: {
  phone: boolean;
  busy?: ReactNode;
  onClose: () => void;
}): TextInputProps & { maxLength: number } {
  return {
    'aria-label': t('Search'),
    'aria-autocomplete': 'list',
    placeholder: t('Search buildings, architects, places'),
    className: classes.input,
    leftSection: <IconSearch size={16} aria-hidden />,
    rightSection:
      busy ??
      (phone ? (
        <ActionIcon variant="subtle" size="sm" aria-label={t('Close search')} onClick={onClose}>
          <IconX size={14} aria-hidden />
        </ActionIcon>
      ) : (
        <Text component="kbd" size="xs" c="dimmed" className={classes.kbd} aria-hidden>
          /
        </Text>
      )),
    maxLength: 100,
  };
}

/** The phone's folded search: an icon that opens the box over the bar. */
export function SearchIconButton({ onOpen }: { onOpen: () => void }) {
  return (
    <ActionIcon variant="subtle" size="lg" aria-label={t('Search')} onClick={onOpen}>
      <IconSearch size={20} aria-hidden />
    </ActionIcon>
  );
}

import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useWindowEvent } from '@mantine/hooks';
import type { SearchHit } from '#domain/search';
import { useMaxWidth } from '../../../lib/use-max-width.ts';
import { useSearch } from '../api/search.ts';
import { groupHits, hitDetail } from '../model/groups.ts';
import classes from './search-box.module.css';
import { isTyping, PHONE_MAX_WIDTH, SearchIconButton, searchInputProps } from './search-input.tsx';
import { t } from '../../../lib/i18n.ts';

/** Waits this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 200;

/** What the stand-in (search-box.tsx) had when the combobox replaced it. */
export interface SearchStart {
  text: string;
  expanded: boolean;
  /** The stand-in had the focus: the combobox takes it, with the same selection. */
  focused: boolean;
  selection: readonly [number, number] | null;
}

interface SearchComboboxProps {
  /** Called with the picked hit; the app decides where it leads. */
  onPick: (hit: SearchHit) => void;
  start?: SearchStart;
}

/**
 * The navigation bar's search, a combobox named 'Search'. '/' focuses it; it searches
 * 200 ms after the last keystroke and lists buildings, architects, styles and places in groups;
 * ↑/↓ move, Enter picks, Escape closes (and clears on a second press). On phones it is an icon
 * that opens the box over the bar.
 */
export function SearchCombobox({ onPick, start }: SearchComboboxProps) {
  const [text, setText] = useState(start?.text ?? '');
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const phone = useMaxWidth(PHONE_MAX_WIDTH);
  const [expanded, setExpanded] = useState(start?.expanded ?? false);
  const inputRef = useRef<HTMLInputElement>(null);
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
  });
  const result = useSearch(debounced);
  const hits = useMemo(() => result.data?.items ?? [], [result.data]);
  const groups = useMemo(() => groupHits(hits), [hits]);
  const byValue = useMemo(
    () => new Map(groups.flatMap((g) => g.hits.map((h) => [h.value, h.hit]))),
    [groups],
  );

  // Taking over from the stand-in: the focus and the caret stay where they were, in the same commit.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input || !start?.focused) return;
    input.focus();
    if (start.selection) input.setSelectionRange(...start.selection);
    // Only when first mounted: `start` is what the stand-in had then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useWindowEvent('keydown', (event) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    event.preventDefault();
    setExpanded(true);
    // The phone box mounts on expand; focus once it is there.
    requestAnimationFrame(() => inputRef.current?.focus());
  });

  const pick = (value: string) => {
    const hit = byValue.get(value);
    if (!hit) return;
    combobox.closeDropdown();
    setText('');
    setExpanded(false);
    inputRef.current?.blur();
    onPick(hit);
  };

  const open = text.trim() !== '';
  // Typed but not answered yet (the pause before asking, or the answer on its way): said in the
  // list, which would otherwise open as an empty strip.
  const searching = debounced !== text || result.isPending || result.isPlaceholderData;
  const showBox = !phone || expanded;

  if (!showBox) {
    return (
      <SearchIconButton
        onOpen={() => {
          setExpanded(true);
          requestAnimationFrame(() => inputRef.current?.focus());
        }}
      />
    );
  }

  return (
    <div className={classes.root} data-phone={phone || undefined}>
      <Combobox store={combobox} onOptionSubmit={pick} withinPortal zIndex={400} position="bottom-start">
        <Combobox.Target withExpandedAttribute>
          <TextInput
            ref={inputRef}
            {...searchInputProps({
              phone,
              busy: result.isFetching ? (
                <Loader size="xs" role="status" aria-label={t('Searching')} />
              ) : undefined,
              onClose: () => setExpanded(false),
            })}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onFocus={() => open && combobox.openDropdown()}
            onBlur={() => {
              combobox.closeDropdown();
              if (phone && text === '') setExpanded(false);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                if (combobox.dropdownOpened) combobox.closeDropdown();
                else setText('');
              }
              if (event.key === 'Enter' && combobox.dropdownOpened && combobox.getSelectedOptionIndex() < 0) {
                // Enter without a chosen option takes the best hit.
                combobox.selectFirstOption();
              }
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!open} aria-label={t('Search results')}>
          <Combobox.Options mah={420} style={{ overflowY: 'auto' }}>
            {groups.map((group) => (
              <Combobox.Group key={group.type} label={t(group.label)}>
                {group.hits.map(({ hit, value }) => (
                  <Combobox.Option key={value} value={value}>
                    <Group gap={6} wrap="nowrap" justify="space-between">
                      <Text size="sm" truncate>
                        {hit.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {hitDetail(hit)}
                      </Text>
                    </Group>
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            ))}
            {open && hits.length === 0 && (
              <Combobox.Empty>
                {searching
                  ? t('Searching…')
                  : result.isError
                    ? t('Search failed. Please try again.')
                    : t('Nothing found')}
              </Combobox.Empty>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </div>
  );
}

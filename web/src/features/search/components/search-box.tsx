import { useMemo, useRef, useState } from 'react';
import { ActionIcon, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import type { SearchHit } from '#domain/search';
import { useSearch } from '../api/search.ts';
import { groupHits, hitDetail } from '../model/groups.ts';
import classes from './search-box.module.css';

/** Waits this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 200;
/** Below this width the box folds into an icon. */
const PHONE_MAX_WIDTH = 640;

interface SearchBoxProps {
  /** Called with the picked hit; the app decides where it leads. */
  onPick: (hit: SearchHit) => void;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Issue 17: the navigation bar's search, a combobox named 'Search'. '/' focuses it; it searches
 * 200 ms after the last keystroke and lists buildings, architects, styles and places in groups;
 * ↑/↓ move, Enter picks, Escape closes (and clears on a second press). On phones it is an icon
 * that opens the box over the bar.
 */
export function SearchBox({ onPick }: SearchBoxProps) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const phone = useMediaQuery(`(max-width: ${PHONE_MAX_WIDTH}px)`, false);
  const [expanded, setExpanded] = useState(false);
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
  const showBox = !phone || expanded;

  if (!showBox) {
    return (
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label="Search"
        onClick={() => {
          setExpanded(true);
          requestAnimationFrame(() => inputRef.current?.focus());
        }}
      >
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
    );
  }

  return (
    <div className={classes.root} data-phone={phone || undefined}>
      <Combobox store={combobox} onOptionSubmit={pick} withinPortal zIndex={400} position="bottom-start">
        <Combobox.Target withExpandedAttribute>
          <TextInput
            ref={inputRef}
            aria-label="Search"
            aria-autocomplete="list"
            placeholder="Search buildings, architects, places"
            className={classes.input}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              result.isFetching ? (
                <Loader size="xs" aria-label="Searching" />
              ) : phone ? (
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label="Close search"
                  onClick={() => setExpanded(false)}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              ) : (
                <Text component="kbd" size="xs" c="dimmed" className={classes.kbd} aria-hidden>
                  /
                </Text>
              )
            }
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
            maxLength={100}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!open} aria-label="Search results">
          <Combobox.Options mah={420} style={{ overflowY: 'auto' }}>
            {groups.map((group) => (
              <Combobox.Group key={group.type} label={group.label}>
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
            {open && !result.isPending && !result.isPlaceholderData && hits.length === 0 && (
              <Combobox.Empty>
                {result.isError ? 'Search failed. Please try again.' : 'Nothing found'}
              </Combobox.Empty>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </div>
  );
}

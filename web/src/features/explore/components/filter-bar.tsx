import { useState, type KeyboardEvent } from 'react';
import { Button, Group, MultiSelect, Text, TextInput, type OptionsFilter } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { ArchitecturalStyle } from '#domain/styles';
import { matchStyles } from '../../../lib/styles/match-styles.ts';
import { yearInputText, type FiltersAction, type FiltersState } from '../model/filters.ts';
import classes from './filter-bar.module.css';

interface FilterBarProps {
  filters: FiltersState;
  dispatch: (action: FiltersAction) => void;
  styles: readonly ArchitecturalStyle[];
  stylesLoading?: boolean;
}

/** Spec 2, explore screen: the architectural style multi-select and 'Built between YYYY and YYYY'. */
export function FilterBar({ filters, dispatch, styles, stylesLoading = false }: FilterBarProps) {
  const data = styles.map((style) => ({ value: style.id, label: style.name }));
  const filterStyles: OptionsFilter<number> = ({ options, search }) => {
    const items = options.flatMap((option) => ('value' in option ? [option] : []));
    const matched = matchStyles(
      items.map((item) => ({ id: item.value, name: item.label })),
      filters.selectedArchitecturalStyles,
      search,
    );
    const ids = new Set(matched.map((m) => m.id));
    return items.filter((item) => ids.has(item.value));
  };
  const hasFilters =
    filters.selectedArchitecturalStyles.length > 0 ||
    filters.builtAfterDate !== null ||
    filters.builtBeforeDate !== null;

  return (
    <Group className={classes.bar} gap="md" wrap="wrap" role="search" aria-label="Filter buildings">
      <MultiSelect<number>
        className={classes.styles}
        aria-label="Architectural styles"
        placeholder={filters.selectedArchitecturalStyles.length ? undefined : 'Architectural styles'}
        data={data}
        value={filters.selectedArchitecturalStyles}
        onChange={(styleIds) => dispatch({ type: 'stylesChanged', styleIds })}
        filter={filterStyles}
        hidePickedOptions
        searchable
        clearable
        nothingFoundMessage={stylesLoading ? 'Loading styles...' : 'No matching style'}
        maxDropdownHeight={280}
        comboboxProps={{ zIndex: 400 }}
      />
      <Group gap="xs" wrap="nowrap" role="group" aria-label="Built between">
        <Text size="sm" className={classes.label}>
          Built between
        </Text>
        <YearInput
          label="Start year"
          year={filters.builtAfterDate}
          onCommit={(input) => dispatch({ type: 'startYearChanged', input })}
        />
        <Text size="sm">and</Text>
        <YearInput
          label="End year"
          year={filters.builtBeforeDate}
          onCommit={(input) => dispatch({ type: 'endYearChanged', input })}
        />
      </Group>
      {hasFilters && (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={() => dispatch({ type: 'cleared' })}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}

interface YearInputProps {
  label: string;
  year: number | null;
  onCommit: (input: string) => void;
}

/**
 * A year box: the text is free while typing and becomes a filter (clamped, spec 5) on Enter or
 * when the box loses focus; then it shows the year the filter holds.
 */
function YearInput({ label, year, onCommit }: YearInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    onCommit(draft);
    setDraft(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
    if (event.key === 'Escape') setDraft(null);
  };
  return (
    <TextInput
      className={classes.year}
      aria-label={label}
      placeholder="YYYY"
      inputMode="numeric"
      maxLength={6}
      value={draft ?? yearInputText(year)}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
    />
  );
}

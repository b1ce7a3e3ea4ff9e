import { MultiSelect, type OptionsFilter } from '@mantine/core';
import type { ArchitecturalStyle } from '#domain/styles';
import { matchStyles } from '../../../lib/styles/match-styles.ts';
import { t } from '../../../lib/i18n.ts';
import classes from './filter-bar.module.css';

export interface StylesSelectProps {
  styles: readonly ArchitecturalStyle[];
  selected: number[];
  onChange: (styleIds: number[]) => void;
  loading: boolean;
}

/**
 * The architectural style multi-select of the filter bar (product §2): searchable (names matched as
 * the search matches them, lib/styles/match-styles.ts), the picked styles as pills. Loaded just
 * after the screen (filter-bar.tsx): the combobox, its dropdown and their positioning are the
 * largest part of the explore screen's first download otherwise.
 */
export function StylesSelect({ styles, selected, onChange, loading }: StylesSelectProps) {
  const data = styles.map((style) => ({ value: style.id, label: t(style.name) }));
  const filterStyles: OptionsFilter<number> = ({ options, search }) => {
    const items = options.flatMap((option) => ('value' in option ? [option] : []));
    const matched = matchStyles(
      items.map((item) => ({ id: item.value, name: item.label })),
      selected,
      search,
    );
    const ids = new Set(matched.map((m) => m.id));
    return items.filter((item) => ids.has(item.value));
  };
  return (
    <MultiSelect<number>
      className={classes.styles}
      aria-label={t('Architectural styles')}
      placeholder={selected.length ? undefined : t('Architectural styles')}
      data={data}
      value={selected}
      onChange={onChange}
      filter={filterStyles}
      hidePickedOptions
      searchable
      clearable
      nothingFoundMessage={loading ? t('Loading styles...') : t('No matching style')}
      maxDropdownHeight={280}
      comboboxProps={{ zIndex: 400 }}
    />
  );
}

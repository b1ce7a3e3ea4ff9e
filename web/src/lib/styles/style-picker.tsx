import { MultiSelect, type OptionsFilter } from '@mantine/core';
import type { ArchitecturalStyle } from '#domain/styles';
import { useArchitecturalStyles } from './get-architectural-styles.ts';
import { matchStyles } from './match-styles.ts';
import { t } from '../i18n.ts';

interface StylePickerProps {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  /** Styles to label the selected ids with before the full list has loaded. */
  knownStyles?: readonly ArchitecturalStyle[];
  label?: string;
  required?: boolean;
  /** When the picker loses focus (e.g. to show its error once the user has been there). */
  onBlur?: () => void;
}

/**
 * Product §2, style picker of the building forms: offers only unselected styles, named and
 * matched (case-insensitive substring) in the page's language.
 */
export function StylePicker({
  value,
  onChange,
  error,
  knownStyles = [],
  label = t('Architectural styles'),
  required,
  onBlur,
}: StylePickerProps) {
  const styles = useArchitecturalStyles();
  const options = (styles.data ?? knownStyles).map((s) => ({ value: s.id, label: t(s.name) }));
  const filter: OptionsFilter<number> = ({ options: all, search }) => {
    const items = all.flatMap((option) => ('value' in option ? [option] : []));
    const matched = new Set(
      matchStyles(
        items.map((item) => ({ id: item.value, name: item.label })),
        value,
        search,
      ).map((s) => s.id),
    );
    return items.filter((item) => matched.has(item.value));
  };

  return (
    <MultiSelect<number>
      label={label}
      required={required}
      placeholder={value.length ? undefined : t('Search styles')}
      data={options}
      value={value}
      onChange={onChange}
      filter={filter}
      hidePickedOptions
      searchable
      nothingFoundMessage={styles.isPending ? t('Loading styles...') : t('No matching style')}
      error={error}
      onBlur={onBlur}
      comboboxProps={{ withinPortal: true, zIndex: 400 }}
    />
  );
}

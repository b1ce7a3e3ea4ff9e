import { lazy, Suspense, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Badge, Box, Button, Group, Text, TextInput } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconFilterOff } from '@tabler/icons-react';
import type { ArchitecturalStyle } from '#domain/styles';
import { yearInputText, type FiltersAction, type FiltersState } from '../model/filters.ts';
import classes from './filter-bar.module.css';
import { t } from '../../../lib/i18n.ts';
import { whenIdle } from '../../../lib/idle.ts';

// The style multi-select comes just after the screen (its own chunk, requested as the bar first
// renders, or on a phone's folded bar at the next idle moment): until then an input of the same
// size and name stands in its place, which takes no typing (readOnly), so nothing typed is lost.
const loadStylesSelect = () => import('./styles-select.tsx');
const StylesSelect = lazy(() => loadStylesSelect().then((m) => ({ default: m.StylesSelect })));

interface FilterBarProps {
  filters: FiltersState;
  dispatch: (action: FiltersAction) => void;
  styles: readonly ArchitecturalStyle[];
  stylesLoading?: boolean;
  /** Phones: the controls fold away behind a 'Filters' button that counts the active filters. */
  collapsible?: boolean;
}

/**
 * How many filters narrow the buildings: each chosen style, 'Built between' as one (setting
 * a start year fills in the end year, product §5: one filter for the user, not two), and
 * 'Needs photos'.
 */
export function activeFilterCount(filters: FiltersState): number {
  const years = filters.builtAfterDate !== null || filters.builtBeforeDate !== null;
  return filters.selectedArchitecturalStyles.length + (years ? 1 : 0) + (filters.needsPhotos ? 1 : 0);
}

/**
 * Product §2, explore screen: the architectural style multi-select, 'Built between YYYY and YYYY'
 * and 'Needs photos' (a toggle button: only buildings with no visible image).
 */
export function FilterBar({
  filters,
  dispatch,
  styles,
  stylesLoading = false,
  collapsible = false,
}: FilterBarProps) {
  const [expanded, setExpanded] = useState(false);
  const controlsId = useId();
  const count = activeFilterCount(filters);
  const hasFilters = count > 0;
  const folded = collapsible && !expanded;
  // A phone's folded bar mounts the style multi-select when first unfolded: hidden, it is of no
  // use to anyone (nor to a screen reader), and mounting it (Mantine's combobox and its floating
  // dropdown, positioned in layout effects) was a task of 250 ms at a mid-range phone's speed
  // among the page's first. Its code still loads early, at the next idle moment (at most 2 s), so
  // unfolding seldom waits for it: done in the effects after the screen's first commit, preloading
  // its dozen chunks was nearly half of that task (Lighthouse's phone run).
  const [stylesMounted, setStylesMounted] = useState(!folded);
  if (!folded && !stylesMounted) setStylesMounted(true);
  useEffect(() => (folded ? whenIdle(() => void loadStylesSelect(), 2000) : undefined), [folded]);

  const stylesPlaceholder = (
    <TextInput
      className={classes.styles}
      aria-label={t('Architectural styles')}
      placeholder={t('Architectural styles')}
      readOnly
    />
  );

  return (
    <Box className={classes.bar} role="search" aria-label={t('Filter buildings')}>
      {collapsible && (
        <Button
          variant="default"
          size="compact-md"
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          rightSection={
            hasFilters ? (
              <Badge size="sm" circle>
                {count}
              </Badge>
            ) : null
          }
          // The name says what the number is; it starts with the visible text (axe label-content-name-mismatch).
          aria-label={hasFilters ? t('Filters {count} active', { count }) : t('Filters')}
          aria-expanded={expanded}
          aria-controls={controlsId}
          onClick={() => setExpanded((e) => !e)}
        >
          {t('Filters')}
        </Button>
      )}
      <Group
        id={controlsId}
        gap="md"
        wrap="wrap"
        hidden={folded}
        className={collapsible ? classes.folding : undefined}
      >
        <Suspense fallback={stylesPlaceholder}>
          {stylesMounted ? (
            <StylesSelect
              styles={styles}
              selected={filters.selectedArchitecturalStyles}
              onChange={(styleIds) => dispatch({ type: 'stylesChanged', styleIds })}
              loading={stylesLoading}
            />
          ) : (
            stylesPlaceholder
          )}
        </Suspense>
        <Group gap="xs" wrap="nowrap" role="group" aria-label={t('Built between')}>
          <Text size="sm" className={classes.label}>
            {t('Built between')}
          </Text>
          <YearInput
            label={t('Start year')}
            year={filters.builtAfterDate}
            onCommit={(input) => dispatch({ type: 'startYearChanged', input })}
          />
          <Text size="sm">{t('and')}</Text>
          <YearInput
            label={t('End year')}
            year={filters.builtBeforeDate}
            onCommit={(input) => dispatch({ type: 'endYearChanged', input })}
          />
        </Group>
        <Button
          variant={filters.needsPhotos ? 'light' : 'default'}
          size="compact-md"
          aria-pressed={filters.needsPhotos}
          onClick={() => dispatch({ type: 'needsPhotosChanged', needsPhotos: !filters.needsPhotos })}
        >
          {t('Needs photos')}
        </Button>
        {hasFilters && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={() => dispatch({ type: 'cleared' })}
          >
            {t('Clear filters')}
          </Button>
        )}
      </Group>
    </Box>
  );
}

interface YearInputProps {
  label: string;
  year: number | null;
  onCommit: (input: string) => void;
}

/**
 * A year box: the text is free while typing and becomes a filter (clamped, product §5) on Enter or
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
      placeholder={t('YYYY')}
      inputMode="numeric"
      maxLength={6}
      value={draft ?? yearInputText(year)}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
    />
  );
}

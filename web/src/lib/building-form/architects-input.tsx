import { useState } from 'react';
import { TagsInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ARCHITECT_NAME_MAX,
  ARCHITECTS_PER_BUILDING_MAX,
  type ArchitectSuggestions,
} from '#domain/architects';
import { architectEndpoints } from '#domain/endpoints/architects';
import { call } from '../api-client.ts';
import { buildingKeys } from '../query-keys.ts';
import { t } from '../i18n.ts';

interface ArchitectsInputProps {
  value: string[];
  onChange: (names: string[]) => void;
}

function useArchitectSuggestions(q: string) {
  return useQuery({
    queryKey: buildingKeys.architectSuggestions(q),
    queryFn: ({ signal }): Promise<ArchitectSuggestions> =>
      call(architectEndpoints.suggest, { query: { q }, signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/**
 * The building's architects as tags, suggested from the architects already in the
 * atlas; a new name is allowed (Enter adds it). Commas belong to firm names, so they do not split.
 */
export function ArchitectsInput({ value, onChange }: ArchitectsInputProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const suggestions = useArchitectSuggestions(debounced);
  const names = (suggestions.data?.items ?? []).map((a) => a.name).filter((n) => !value.includes(n));

  return (
    <TagsInput
      label={t('Architects')}
      description={t('Optional: press Enter after each name')}
      placeholder={value.length < ARCHITECTS_PER_BUILDING_MAX ? t('Add an architect') : undefined}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={(text) => setSearch(text.slice(0, ARCHITECT_NAME_MAX))}
      data={[...new Set(names)]}
      // The server already matched the text, accent-insensitively.
      filter={({ options }) => options}
      maxTags={ARCHITECTS_PER_BUILDING_MAX}
      splitChars={[]}
      clearable
      comboboxProps={{ withinPortal: true, zIndex: 400 }}
    />
  );
}

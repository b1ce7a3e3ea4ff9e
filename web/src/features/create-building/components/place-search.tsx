import { useMemo, useState, type Dispatch } from 'react';
import { Autocomplete, Loader, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin, IconSearch } from '@tabler/icons-react';
import { getPlaceDetails, usePlaceSuggestions } from '../api/places.ts';
import { newSessionToken, suggestionLabel, type PlaceSuggestion } from '../model/places.ts';
import type { WizardAction, WizardState } from '../model/wizard.ts';
import { t } from '../../../lib/i18n.ts';

/** Product §9: the place search waits 250 ms after the last keystroke. */
export const PLACE_SEARCH_DEBOUNCE_MS = 250;

interface PlaceSearchProps {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}

/**
 * Product §2 step 1, 'Search on Map': place autocomplete within a search session; picking a
 * suggestion fetches the place and fills the building's name and coordinates.
 */
export function PlaceSearch({ state, dispatch }: PlaceSearchProps) {
  const [input, setInput] = useState(state.place?.displayName ?? '');
  const [debounced] = useDebouncedValue(input, PLACE_SEARCH_DEBOUNCE_MS);
  // One token per search session: from the first keystroke until a place is picked.
  const [sessionToken, setSessionToken] = useState(newSessionToken);
  const [picking, setPicking] = useState(false);
  // Only what the user typed is searched, not the label a pick puts into the box.
  const [typed, setTyped] = useState(false);
  const suggestions = usePlaceSuggestions(typed ? debounced : '', sessionToken);

  const byLabel = useMemo(() => {
    const map = new Map<string, PlaceSuggestion>();
    for (const suggestion of suggestions.data ?? []) {
      const label = suggestionLabel(suggestion);
      if (!map.has(label)) map.set(label, suggestion);
    }
    return map;
  }, [suggestions.data]);

  const pick = async (label: string) => {
    const suggestion = byLabel.get(label);
    if (!suggestion) return;
    setTyped(false);
    setPicking(true);
    try {
      dispatch({ type: 'placePicked', place: await getPlaceDetails(suggestion.id, sessionToken) });
    } catch (error) {
      console.error('Fetching the place failed', error);
      dispatch({ type: 'placeFailed' });
    } finally {
      setSessionToken(newSessionToken());
      setPicking(false);
    }
  };

  const busy = picking || suggestions.isFetching;
  const { place } = state;
  return (
    <Stack gap="sm">
      <Autocomplete
        label={t('Search for the building or its address')}
        placeholder={t('Start typing a place')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={busy ? <Loader size="xs" role="status" aria-label={t('Searching')} /> : null}
        value={input}
        onChange={(text) => {
          setInput(text);
          if (!byLabel.has(text)) setTyped(true);
        }}
        data={[...byLabel.keys()]}
        // The server already matched the text: show its suggestions as they are.
        filter={({ options }) => options}
        onOptionSubmit={(label) => void pick(label)}
        comboboxProps={{ withinPortal: true, zIndex: 400 }}
        data-autofocus
      />
      {suggestions.isError && (
        <Text size="sm" c="red">
          {t('Place search failed. Please try again or enter the location manually.')}
        </Text>
      )}
      {place && (
        <Paper withBorder p="sm" radius="md" aria-label={t('Selected place')}>
          <Stack gap={2}>
            <Text fw={600}>
              <IconMapPin size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
              {place.displayName}
            </Text>
            {place.formattedAddress && (
              <Text size="sm" c="dimmed">
                {place.formattedAddress}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {state.latitude}, {state.longitude}
            </Text>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

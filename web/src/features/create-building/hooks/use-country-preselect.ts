import { useEffect, type Dispatch } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { coordinatesOf } from '../../../lib/building-form/building-fields.ts';
import { useCountryAt } from '../api/places.ts';
import { isCountryCode } from '../model/countries.ts';
import { countryLookupPoint } from '../model/places.ts';
import { countryFollowsCoordinates, type WizardAction, type WizardState } from '../model/wizard.ts';

/** Coordinates are typed a character at a time: ask once they rest this long. */
export const COUNTRY_LOOKUP_DEBOUNCE_MS = 400;

/**
 * When the coordinates are known, asks the server which country they lie in and
 * preselects it, unless the user chose a country or the picked place's address gave one (the
 * reducer's `preselectCountry` rule). Nothing is asked then, nor while the wizard is closed.
 */
export function useCountryPreselect(state: WizardState, dispatch: Dispatch<WizardAction>, active: boolean) {
  const point = countryLookupPoint(coordinatesOf(state));
  const wanted = active && countryFollowsCoordinates(state) && point !== null;
  // One key per point, so the debounce compares values, not new arrays.
  const [debounced] = useDebouncedValue(wanted && point ? point.join(',') : null, COUNTRY_LOOKUP_DEBOUNCE_MS);
  const lookup = useCountryAt(debounced ? (debounced.split(',').map(Number) as [number, number]) : null);
  const found = lookup.isSuccess ? lookup.data : undefined;

  useEffect(() => {
    if (found === undefined) return;
    dispatch({ type: 'countryDetected', countryCode: found !== null && isCountryCode(found) ? found : null });
  }, [found, debounced, dispatch]);
}

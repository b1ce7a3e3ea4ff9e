import { queryOptions, useQuery } from '@tanstack/react-query';
import { placeEndpoints } from '#domain/endpoints/places';
import { call } from '../../../lib/api-client.ts';
import {
  parseAddressBody,
  type ParseAddressResponse,
  type ParsedAddress,
  type PlaceDetails,
  type PlaceSearchStatus,
  type PlaceSuggestion,
  type PlacesProvider,
} from '../model/places.ts';

/** GET /api/places/provider: which maps service answers place searches; null when none is set up. */
export async function getPlacesProvider(signal?: AbortSignal): Promise<PlacesProvider> {
  const data = await call(placeEndpoints.provider, { signal });
  return data.provider;
}

export function placesProviderQueryOptions() {
  return queryOptions({
    queryKey: ['places', 'provider'],
    queryFn: ({ signal }) => getPlacesProvider(signal),
    staleTime: Infinity,
    retry: false,
  });
}

export function usePlaceSearchStatus(): PlaceSearchStatus {
  const query = useQuery(placesProviderQueryOptions());
  if (query.isPending) return 'pending';
  if (query.isError) return 'failed';
  return query.data === null ? 'off' : 'on';
}

/** GET /api/places/country: the country at a point, null at sea. */
export async function getCountryAt(
  [lng, lat]: readonly [number, number],
  signal?: AbortSignal,
): Promise<string | null> {
  const data = await call(placeEndpoints.countryAt, { query: { lng, lat }, signal });
  return data.country_code;
}

/**
 * The country at a (rounded) point; idle without one. A failure leaves the country as it is:
 * the answer only saves the user a pick.
 */
export function useCountryAt(point: readonly [number, number] | null) {
  return useQuery({
    queryKey: ['places', 'country', point?.[0] ?? null, point?.[1] ?? null],
    queryFn: ({ signal }) => {
      if (!point) throw new Error('No point to look the country up at');
      return getCountryAt(point, signal);
    },
    enabled: point !== null,
    staleTime: Infinity,
    retry: false,
  });
}

/** GET /api/places/autocomplete: suggestions for what was typed, within one search session. */
export async function getPlaceSuggestions(
  input: string,
  sessionToken: string,
  signal?: AbortSignal,
): Promise<PlaceSuggestion[]> {
  const data = await call(placeEndpoints.autocomplete, {
    query: { input, session_token: sessionToken },
    signal,
  });
  return data.suggestions;
}

export function usePlaceSuggestions(input: string, sessionToken: string) {
  const text = input.trim();
  return useQuery({
    queryKey: ['places', 'autocomplete', sessionToken, text],
    queryFn: ({ signal }) => getPlaceSuggestions(text, sessionToken, signal),
    enabled: text.length > 0,
    staleTime: 60_000,
    retry: false,
  });
}

/** GET /api/places/details/{id}: the picked place's name, location and address parts. */
export function getPlaceDetails(id: string, sessionToken: string): Promise<PlaceDetails> {
  return call(placeEndpoints.details, { params: { id }, query: { session_token: sessionToken } });
}

/**
 * POST /api/parse-address (product §7): the picked place's address as form fields. Any failure (an
 * error answer, success false) gives null: the address stays unfilled and the wizard goes on.
 */
export async function parsePlaceAddress(
  place: PlaceDetails,
  buildingName: string,
): Promise<ParsedAddress | null> {
  try {
    const data: ParseAddressResponse = await call(placeEndpoints.parseAddress, {
      body: parseAddressBody(place, buildingName),
    });
    if (!data?.success || !data.address) {
      console.error('Address parsing failed', data?.error ?? 'no address');
      return null;
    }
    return data.address;
  } catch (error) {
    console.error('Address parsing failed', error);
    return null;
  }
}

/**
 * The place search and address parsing calls (product §3 "Place details" and "Address parse
 * response", product §7 "Other"); their shapes are the API's, from domain/.
 */
import type { z } from 'zod';
import type { parseAddressBodySchema } from '#domain/address';
import type { PlaceDetails, PlaceSuggestion, PlacesProviderResponse } from '#domain/places';

export type { CountryAtResponse } from '#domain/places';

export type { ParseAddressResponse, ParsedAddress } from '#domain/address';
export type { PlaceDetails, PlaceSuggestion } from '#domain/places';

export type PlacesProvider = PlacesProviderResponse['provider'];
export type ParseAddressBody = z.input<typeof parseAddressBodySchema>;

/**
 * Whether the wizard can search places: 'pending' until the server says, 'on' with a provider,
 * 'off' when it has none set up, 'failed' when it could not be asked.
 */
export type PlaceSearchStatus = 'pending' | 'on' | 'off' | 'failed';

/** Why the location step offers manual entry only, or null when place search is (about to be) there. */
export function placeSearchNotice(status: PlaceSearchStatus): string | null {
  if (status === 'off')
    return 'Place search is not set up on this site, so please enter the location manually.';
  if (status === 'failed')
    return 'Place search is unavailable right now, so please enter the location manually.';
  return null;
}

/** POST /api/parse-address body for a picked place (product §7). */
export function parseAddressBody(place: PlaceDetails, buildingName: string): ParseAddressBody {
  return {
    place_info: {
      formattedAddress: place.formattedAddress,
      addressComponents: place.addressComponents,
      types: place.types,
      id: place.id,
    },
    building_name: buildingName,
  };
}

/** The text a suggestion shows and is matched back by. */
export function suggestionLabel(suggestion: PlaceSuggestion): string {
  return suggestion.secondary_text
    ? `${suggestion.primary_text}, ${suggestion.secondary_text}`
    : suggestion.primary_text;
}

/**
 * A fresh session token for one search session (typing until a place is picked); the maps service
 * bills a session's suggestions and its details call as one. Works outside secure contexts too.
 */
export function newSessionToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The point the wizard asks the country of: the coordinates rounded to 4 decimals
 * (about 10 m, far finer than the 1:50m country shapes), so that nearby edits share one cached
 * answer; null without valid coordinates.
 */
export function countryLookupPoint(coordinates: readonly [number, number] | null): [number, number] | null {
  if (!coordinates) return null;
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return [round(coordinates[0]), round(coordinates[1])];
}

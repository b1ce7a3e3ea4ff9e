/**
 * Shapes of the place search and address parsing calls (spec 3 "Place details" and "Address parse
 * response", spec 7 "Other").
 */

export type PlacesProvider = 'google' | 'osm' | null;

export interface PlaceSuggestion {
  id: string;
  primary_text: string;
  secondary_text: string | null;
}

export interface PlaceAddressComponent {
  longText: string;
  shortText: string;
  types: string[];
}

export interface PlaceDetails {
  id: string;
  displayName: string;
  formattedAddress: string | null;
  location: { latitude: number; longitude: number } | null;
  viewport: unknown;
  addressComponents: PlaceAddressComponent[];
  types: string[];
}

export interface ParsedAddress {
  line1: string | null;
  line2: string | null;
  line3: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country_code: string | null;
}

export interface ParseAddressResponse {
  success: boolean;
  error: string | null;
  address: ParsedAddress | null;
}

export interface ParseAddressBody {
  place_info: Pick<PlaceDetails, 'formattedAddress' | 'addressComponents' | 'types' | 'id'>;
  building_name: string;
}

/** POST /api/parse-address body for a picked place (spec 7). */
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

/** Place search (product §7 "Other"): suggestions and Google-shaped place details, whatever the provider. */
import { z } from 'zod';
import { numberParam } from './query-params.ts';

export const PLACE_PROVIDERS = ['google', 'osm'] as const;
export type PlaceProviderKind = (typeof PLACE_PROVIDERS)[number];

/** Upstream place services must answer within this time (product §7: request timeout 5000 ms). */
export const PLACES_UPSTREAM_TIMEOUT_MS = 5000;
export const PLACE_INPUT_MAX = 200;

/** One part of an address, as Google Places (New) gives it. */
export const addressComponentSchema = z
  .object({
    longText: z.string().max(500),
    shortText: z.string().max(500),
    types: z.array(z.string().max(100)).max(50),
  })
  .meta({ id: 'AddressComponent' });

export type AddressComponent = z.infer<typeof addressComponentSchema>;

export const latLngSchema = z.object({ latitude: z.number(), longitude: z.number() });
export type LatLng = z.infer<typeof latLngSchema>;

export const viewportSchema = z.object({ low: latLngSchema, high: latLngSchema });
export type Viewport = z.infer<typeof viewportSchema>;

/** Product §3 "Place details": what the wizard reads from a picked place. */
export const placeDetailsSchema = z
  .object({
    id: z.string(),
    displayName: z.string(),
    formattedAddress: z.string(),
    location: latLngSchema.nullable(),
    viewport: viewportSchema.nullable(),
    addressComponents: z.array(addressComponentSchema),
    types: z.array(z.string()),
  })
  .meta({ id: 'PlaceDetails' });

export type PlaceDetails = z.infer<typeof placeDetailsSchema>;

export const placeSuggestionSchema = z
  .object({
    id: z.string().describe('Place id for the place details (GET places/details/{id})'),
    primary_text: z.string(),
    secondary_text: z.string().nullable(),
  })
  .meta({ id: 'PlaceSuggestion' });

export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;

export const placesProviderResponseSchema = z
  .object({ provider: z.enum(PLACE_PROVIDERS).nullable().describe('null: place search is off') })
  .meta({ id: 'PlacesProvider' });

export type PlacesProviderResponse = z.infer<typeof placesProviderResponseSchema>;

/** Google's session tokens are URL-safe base64 (a UUID fits too). */
const sessionTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, 'session_token must be 1 to 100 letters, digits, - or _')
  .optional()
  .describe('Groups the autocomplete calls and the details call of one search (Google billing)');

export const autocompleteQuerySchema = z.object({
  input: z
    .string({ error: 'input is required' })
    .trim()
    .min(1, 'input is required')
    .max(PLACE_INPUT_MAX, `input can have at most ${PLACE_INPUT_MAX} characters`),
  session_token: sessionTokenSchema,
});

export type AutocompleteQuery = z.infer<typeof autocompleteQuerySchema>;

export const autocompleteResponseSchema = z
  .object({ suggestions: z.array(placeSuggestionSchema) })
  .meta({ id: 'PlaceAutocomplete' });

export type AutocompleteResponse = z.infer<typeof autocompleteResponseSchema>;

/** Google place ids, and the OSM ids of this server ('osm:N:123456'). */
export const PLACE_ID_PATTERN = /^[A-Za-z0-9_:-]{1,300}$/;

export const placeDetailsParamsSchema = z.object({
  id: z.string().regex(PLACE_ID_PATTERN, 'id is not a place id'),
});

export const placeDetailsQuerySchema = z.object({ session_token: sessionTokenSchema });

/** The suggestion shown for a place: its name, then the rest of its address. */
export function suggestionOf(place: PlaceDetails): PlaceSuggestion {
  let rest = place.formattedAddress.trim();
  if (rest.toLowerCase().startsWith(`${place.displayName.toLowerCase()}, `)) {
    rest = rest.slice(place.displayName.length + 2);
  } else if (rest.toLowerCase() === place.displayName.toLowerCase()) {
    rest = '';
  }
  return { id: place.id, primary_text: place.displayName, secondary_text: rest || null };
}

/**
 * GET /api/places/country: the country at a point, from the basemap's country shapes
 * (offline), so the wizard can preselect it for coordinates typed by hand.
 */
export const countryAtQuerySchema = z.object({
  lng: numberParam('lng').pipe(
    z.number().min(-180, 'lng must be between -180 and 180').max(180, 'lng must be between -180 and 180'),
  ),
  lat: numberParam('lat').pipe(
    z.number().min(-90, 'lat must be between -90 and 90').max(90, 'lat must be between -90 and 90'),
  ),
});

export type CountryAtQuery = z.infer<typeof countryAtQuerySchema>;

export const countryAtResponseSchema = z
  .object({
    country_code: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .nullable()
      .describe('ISO 3166-1 alpha-2 code; null at sea or where no country is known'),
  })
  .meta({ id: 'CountryAt' });

export type CountryAtResponse = z.infer<typeof countryAtResponseSchema>;

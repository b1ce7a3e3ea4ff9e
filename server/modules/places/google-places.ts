/**
 * Google Places API (New): POST {base}/places:autocomplete and GET {base}/places/{id}, both with
 * the search's session token so Google bills them as one session.
 */
import { z } from 'zod';
import type { PlaceDetails, PlaceSuggestion } from '#domain/places';
import type { PlacesProvider } from './place-service.ts';
import { fetchJson, PlacesUpstreamError, type UpstreamOptions } from './upstream.ts';

export const GOOGLE_DETAILS_FIELD_MASK =
  'id,displayName,formattedAddress,location,viewport,addressComponents,types';

const latLng = z.object({ latitude: z.number(), longitude: z.number() });

const autocompleteSchema = z.object({
  suggestions: z
    .array(
      z.object({
        placePrediction: z
          .object({
            placeId: z.string(),
            text: z.object({ text: z.string() }).nullish(),
            structuredFormat: z
              .object({
                mainText: z.object({ text: z.string() }).nullish(),
                secondaryText: z.object({ text: z.string() }).nullish(),
              })
              .nullish(),
          })
          .nullish(),
      }),
    )
    .default([]),
});

const detailsSchema = z.object({
  id: z.string(),
  displayName: z.object({ text: z.string() }).nullish(),
  formattedAddress: z.string().nullish(),
  location: latLng.nullish(),
  viewport: z.object({ low: latLng, high: latLng }).nullish(),
  addressComponents: z
    .array(
      z.object({
        longText: z.string().nullish(),
        shortText: z.string().nullish(),
        types: z.array(z.string()).default([]),
      }),
    )
    .default([]),
  types: z.array(z.string()).default([]),
});

function readOrThrow<T>(schema: z.ZodType<T>, data: unknown, what: string): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new PlacesUpstreamError(`unexpected ${what} answer: ${parsed.error.message}`);
  return parsed.data;
}

export function googlePlaces(baseUrl: string, apiKey: string, opts: UpstreamOptions): PlacesProvider {
  return {
    kind: 'google',
    async autocomplete(input, sessionToken) {
      const data = await fetchJson(
        `${baseUrl}/places:autocomplete`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-goog-api-key': apiKey },
          body: JSON.stringify({ input, ...(sessionToken ? { sessionToken } : {}) }),
        },
        opts,
      );
      const { suggestions } = readOrThrow(autocompleteSchema, data, 'autocomplete');
      return suggestions.flatMap((s): PlaceSuggestion[] => {
        const p = s.placePrediction;
        if (!p) return [];
        const main = p.structuredFormat?.mainText?.text ?? p.text?.text ?? '';
        return [
          {
            id: p.placeId,
            primary_text: main,
            secondary_text: p.structuredFormat?.secondaryText?.text || null,
          },
        ];
      });
    },
    async details(id, sessionToken) {
      const query = sessionToken ? `?sessionToken=${encodeURIComponent(sessionToken)}` : '';
      let data: unknown;
      try {
        data = await fetchJson(
          `${baseUrl}/places/${encodeURIComponent(id)}${query}`,
          { headers: { 'x-goog-api-key': apiKey, 'x-goog-fieldmask': GOOGLE_DETAILS_FIELD_MASK } },
          opts,
        );
      } catch (err) {
        // An id Google does not know, or cannot read as a place id.
        if (err instanceof PlacesUpstreamError && (err.status === 404 || err.status === 400)) return null;
        throw err;
      }
      const d = readOrThrow(detailsSchema, data, 'place details');
      const place: PlaceDetails = {
        id: d.id,
        displayName: d.displayName?.text ?? d.formattedAddress ?? '',
        formattedAddress: d.formattedAddress ?? '',
        location: d.location ?? null,
        viewport: d.viewport ?? null,
        addressComponents: d.addressComponents.flatMap((c) => {
          const longText = c.longText ?? c.shortText;
          return longText ? [{ longText, shortText: c.shortText ?? longText, types: c.types }] : [];
        }),
        types: d.types,
      };
      return place;
    },
  };
}

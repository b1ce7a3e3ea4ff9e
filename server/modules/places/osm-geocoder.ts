/**
 * OpenStreetMap geocoders. Photon (GET {base}/api?q=) has no lookup by OSM id, so the details of
 * recent suggestions are kept in memory; Nominatim (GET {base}/search, {base}/lookup) looks
 * them up. Either way the places come back Google-shaped (osm-places.ts).
 */
import { z } from 'zod';
import {
  nominatimResultToPlace,
  parseOsmPlaceId,
  photonFeatureToPlace,
  photonResponseSchema,
} from './osm-places.ts';
import { suggestionOf, type PlaceDetails } from '#domain/places';
import { Lru } from '../../lib/lru.ts';
import type { PlacesProvider } from './place-service.ts';
import { fetchJson, PlacesUpstreamError, type UpstreamOptions } from './upstream.ts';

export const OSM_SUGGESTIONS = 8;
/** Places of recent Photon suggestions kept for their details call. */
export const PHOTON_CACHE_SIZE = 2000;

function dedupe(places: (PlaceDetails | null)[]): PlaceDetails[] {
  const seen = new Set<string>();
  return places.filter((p): p is PlaceDetails => p !== null && !seen.has(p.id) && Boolean(seen.add(p.id)));
}

export function photonGeocoder(baseUrl: string, opts: UpstreamOptions): PlacesProvider {
  const recent = new Lru<string, PlaceDetails>(PHOTON_CACHE_SIZE);
  return {
    kind: 'osm',
    async autocomplete(input) {
      const url = `${baseUrl}/api?q=${encodeURIComponent(input)}&limit=${OSM_SUGGESTIONS}`;
      const parsed = photonResponseSchema.safeParse(await fetchJson(url, {}, opts));
      if (!parsed.success) throw new PlacesUpstreamError('unexpected Photon answer');
      const places = dedupe(parsed.data.features.map(photonFeatureToPlace));
      for (const place of places) recent.set(place.id, place);
      return places.map(suggestionOf);
    },
    async details(id) {
      return recent.get(id) ?? null;
    },
  };
}

const nominatimListSchema = z.array(z.unknown());

export function nominatimGeocoder(baseUrl: string, opts: UpstreamOptions): PlacesProvider {
  const read = (data: unknown) => {
    const parsed = nominatimListSchema.safeParse(data);
    if (!parsed.success) throw new PlacesUpstreamError('unexpected Nominatim answer');
    return dedupe(parsed.data.map(nominatimResultToPlace));
  };
  return {
    kind: 'osm',
    async autocomplete(input) {
      const url =
        `${baseUrl}/search?q=${encodeURIComponent(input)}&format=jsonv2&addressdetails=1` +
        `&limit=${OSM_SUGGESTIONS}`;
      return read(await fetchJson(url, {}, opts)).map(suggestionOf);
    },
    async details(id) {
      const osm = parseOsmPlaceId(id);
      if (!osm) return null;
      const url = `${baseUrl}/lookup?osm_ids=${osm.type}${osm.id}&format=jsonv2&addressdetails=1`;
      return read(await fetchJson(url, {}, opts)).find((p) => p.id === id) ?? null;
    },
  };
}

/**
 * One interface over the place services the wizard searches: Google Places API (New) when
 * GOOGLE_MAPS_API_KEY is set, else an OpenStreetMap geocoder when GEOCODER_URL is set, else none.
 */
import { PLACES_UPSTREAM_TIMEOUT_MS } from '#domain/places';
import type { Config } from '../../config.ts';
import { googlePlaces } from './google-places.ts';
import { nominatimGeocoder, photonGeocoder } from './osm-geocoder.ts';
import type { PlacesProvider } from './place-service.ts';
import type { UpstreamOptions } from './upstream.ts';

export { PlacesUpstreamError } from './upstream.ts';
export type { PlacesProvider } from './place-service.ts';

export interface CreatePlacesOptions {
  timeoutMs?: number;
}

/** The configured provider, or null when place search is off. */
export function createPlacesProvider(
  config: Pick<Config, 'places' | 'publicUrl'>,
  opts: CreatePlacesOptions = {},
): PlacesProvider | null {
  const upstream: UpstreamOptions = {
    timeoutMs: opts.timeoutMs ?? PLACES_UPSTREAM_TIMEOUT_MS,
    userAgent: `AtlasOfBuildings/0.1 (+${config.publicUrl})`,
  };
  const p = config.places;
  if (p.googleApiKey) return googlePlaces(p.googlePlacesUrl, p.googleApiKey, upstream);
  if (p.geocoderUrl) {
    return p.geocoderKind === 'nominatim'
      ? nominatimGeocoder(p.geocoderUrl, upstream)
      : photonGeocoder(p.geocoderUrl, upstream);
  }
  return null;
}

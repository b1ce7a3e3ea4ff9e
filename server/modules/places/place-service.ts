/**
 * What every place service adapter (google-places.ts, osm-geocoder.ts) implements. Apart from
 * places.provider.ts, which picks the configured adapter, so the adapters do not import it back.
 */
import type { PlaceDetails, PlaceProviderKind, PlaceSuggestion } from '#domain/places';

export interface PlacesProvider {
  kind: PlaceProviderKind;
  autocomplete(input: string, sessionToken: string | undefined): Promise<PlaceSuggestion[]>;
  /** null when the service knows no such place. */
  details(id: string, sessionToken: string | undefined): Promise<PlaceDetails | null>;
}

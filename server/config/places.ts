/** The wizard's place search: Google Places (New) with a key, else an OpenStreetMap geocoder, else none. */
import { area, httpUrl, integer, oneOf, setting, text } from './setting.ts';

export const placesSettings = area(
  {
    GOOGLE_MAPS_API_KEY: setting(text.optional(), {
      text: "key of Google Places API (New) for the wizard's place search; takes precedence over `GEOCODER_URL`",
    }),
    GOOGLE_PLACES_URL: setting(httpUrl, {
      default: 'https://places.googleapis.com/v1',
      text: 'base URL of Google Places API (New) (tests point it at a fake)',
    }),
    GEOCODER_URL: setting(httpUrl.optional(), {
      text: 'base URL of an OpenStreetMap geocoder used when `GOOGLE_MAPS_API_KEY` is unset (`https://photon.komoot.io`, or your own Photon/Nominatim); neither set turns place search off (the wizard offers manual entry)',
    }),
    GEOCODER_KIND: setting(oneOf(['photon', 'nominatim']), {
      default: 'photon',
      text: '`photon` (`GET /api?q=`) or `nominatim` (`GET /search`, `/lookup`); the public Nominatim forbids autocomplete, use your own instance',
    }),
    PLACES_RATE_LIMIT: setting(integer(1, 100_000), {
      default: '60',
      text: 'place search and parse-address requests per IP and minute (shared store, like `AUTH_RATE_LIMIT`)',
    }),
    PLACES_PER_USER_PER_DAY: setting(integer(1, 1_000_000), {
      default: '300',
      text: 'place searches (suggestions and details) one signed-in user may make per UTC day (a Google key is billed per call); then a 429 problem until midnight UTC. Place search and parse-address need a session',
    }),
  },
  {},
  (e) => ({
    /** Place search: Google Places (New) with this key, else the OSM geocoder, else none. */
    places: {
      googleApiKey: e.GOOGLE_MAPS_API_KEY,
      /** Base URL of Google Places API (New), up to and including /v1. */
      googlePlacesUrl: e.GOOGLE_PLACES_URL.replace(/\/+$/, ''),
      geocoderUrl: e.GEOCODER_URL?.replace(/\/+$/, ''),
      geocoderKind: e.GEOCODER_KIND,
      /** Place search requests per IP and minute. */
      rateLimit: e.PLACES_RATE_LIMIT,
    },
    /** Place searches (autocomplete + details) one user may make a day. */
    placesPerUserPerDay: e.PLACES_PER_USER_PER_DAY,
  }),
);

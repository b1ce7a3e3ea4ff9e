import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createPlacesProvider } from './places.provider.ts';

const provider = (env: Record<string, string>) => createPlacesProvider(loadConfig(env))?.kind ?? null;

describe('choosing the place provider', () => {
  it('prefers Google, then the OSM geocoder, else none', () => {
    expect(provider({ GOOGLE_MAPS_API_KEY: 'k', GEOCODER_URL: 'https://photon.example' })).toBe('google');
    expect(provider({ GEOCODER_URL: 'https://photon.example' })).toBe('osm');
    expect(provider({ GEOCODER_URL: 'https://nominatim.example', GEOCODER_KIND: 'nominatim' })).toBe('osm');
    expect(provider({})).toBeNull();
    expect(provider({ GOOGLE_MAPS_API_KEY: ' ', GEOCODER_URL: '' })).toBeNull();
  });

  it('reads the places settings, trailing slashes removed', () => {
    const c = loadConfig({
      GEOCODER_URL: 'https://photon.example/',
      GOOGLE_PLACES_URL: 'http://127.0.0.1:9/v1/',
    });
    expect(c.places).toEqual({
      googleApiKey: undefined,
      googlePlacesUrl: 'http://127.0.0.1:9/v1',
      geocoderUrl: 'https://photon.example',
      geocoderKind: 'photon',
      rateLimit: 60,
    });
    expect(c.feedbackRateLimit).toBe(5);
    expect(c.analyticsUrl).toBeUndefined();
  });

  it('refuses bad places, feedback and analytics settings', () => {
    for (const env of [
      { GEOCODER_KIND: 'bing' },
      { GEOCODER_URL: 'ftp://photon.example' },
      { GOOGLE_PLACES_URL: 'not a url' },
      { ANALYTICS_URL: 'mailto:me@example.com' },
      { PLACES_RATE_LIMIT: '0' },
      { FEEDBACK_RATE_LIMIT: 'many' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { parseAddress } from '#domain/address';
import { nominatimResultToPlace, parseOsmPlaceId, photonFeatureToPlace } from './osm-places.ts';
import type { PlaceDetails } from '#domain/places';

/**
 * A Photon feature of the OSM object `ref` (its type letter and id, as in 'W5013364') tagged `tag`
 * ('tourism=attraction'), with the other `properties`.
 */
const photon = (
  ref: string,
  tag: string,
  properties: Record<string, unknown>,
  coordinates: [number, number] = [2.2945, 48.8584],
) => {
  const [osm_key, osm_value] = tag.split('=');
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates },
    properties: {
      osm_type: ref.slice(0, 1),
      osm_id: Number(ref.slice(1)),
      osm_key,
      osm_value,
      ...properties,
    },
  };
};

const addressOf = (place: PlaceDetails | null) => {
  expect(place).not.toBeNull();
  const result = parseAddress(place!, place!.displayName);
  expect(result.success).toBe(true);
  return result.address;
};

/** A whole parsed address: what is not given is null (no second or third line, …). */
const fullAddress = (given: Partial<NonNullable<ReturnType<typeof addressOf>>>) => ({
  line1: null,
  line2: null,
  line3: null,
  city: null,
  state: null,
  postal_code: null,
  country_code: null,
  ...given,
});

describe('Photon features as Google-shaped place details', () => {
  it('a landmark with a street address', () => {
    const place = photonFeatureToPlace(
      photon('W5013364', 'tourism=attraction', {
        type: 'house',
        name: 'Eiffel Tower',
        housenumber: '5',
        street: 'Avenue Anatole France',
        district: 'Paris 7e Arrondissement',
        locality: 'Quartier du Gros-Caillou',
        city: 'Paris',
        state: 'Île-de-France',
        country: 'France',
        countrycode: 'FR',
        postcode: '75007',
        extent: [2.2933, 48.859, 2.2956, 48.8574],
      }),
    );
    expect(place).toMatchObject({
      id: 'osm:W:5013364',
      displayName: 'Eiffel Tower',
      formattedAddress: 'Eiffel Tower, 5 Avenue Anatole France, 75007 Paris, Île-de-France, France',
      location: { latitude: 48.8584, longitude: 2.2945 },
      viewport: {
        low: { latitude: 48.8574, longitude: 2.2933 },
        high: { latitude: 48.859, longitude: 2.2956 },
      },
      types: ['point_of_interest', 'establishment', 'tourist_attraction'],
    });
    expect(place?.addressComponents).toContainEqual({
      longText: 'France',
      shortText: 'FR',
      types: ['country', 'political'],
    });
    expect(addressOf(place)).toEqual(
      fullAddress({
        line1: '5 Avenue Anatole France',
        city: 'Paris',
        state: 'Île-de-France',
        postal_code: '75007',
        country_code: 'FR',
      }),
    );
  });

  it('a US house address: the state gets its abbreviation', () => {
    const place = photonFeatureToPlace(
      photon(
        'N42',
        'building=house',
        {
          type: 'house',
          housenumber: '1600',
          street: 'Pennsylvania Avenue Northwest',
          city: 'Washington',
          state: 'District of Columbia',
          country: 'United States',
          countrycode: 'US',
          postcode: '20500',
        },
        [-77.0365, 38.8977],
      ),
    );
    expect(place).toMatchObject({
      displayName: '1600 Pennsylvania Avenue Northwest',
      formattedAddress: '1600 Pennsylvania Avenue Northwest, Washington, DC 20500, United States',
      types: ['street_address', 'premise'],
      viewport: null,
    });
    expect(addressOf(place)).toMatchObject({
      line1: '1600 Pennsylvania Avenue Northwest',
      city: 'Washington',
      state: 'DC',
      country_code: 'US',
    });
  });

  it('a city: its own name is the locality', () => {
    const place = photonFeatureToPlace(
      photon('R62422', 'place=city', {
        type: 'city',
        name: 'Berlin',
        country: 'Germany',
        countrycode: 'DE',
      }),
    );
    expect(place).toMatchObject({ displayName: 'Berlin', types: ['locality', 'political'] });
    expect(addressOf(place)).toMatchObject({ line1: null, city: 'Berlin', country_code: 'DE' });
  });

  it('a street: its own name is the route', () => {
    const place = photonFeatureToPlace(
      photon('W7', 'highway=residential', {
        type: 'street',
        name: 'Keizersgracht',
        city: 'Amsterdam',
        country: 'Netherlands',
        countrycode: 'NL',
        postcode: '1015',
      }),
    );
    expect(place?.types).toEqual(['route']);
    expect(addressOf(place)).toMatchObject({ line1: 'Keizersgracht', city: 'Amsterdam', country_code: 'NL' });
  });

  it('refuses what is not a Photon feature', () => {
    expect(photonFeatureToPlace({ properties: { name: 'x' } })).toBeNull();
    expect(photonFeatureToPlace(null)).toBeNull();
  });
});

describe('Nominatim jsonv2 results as Google-shaped place details', () => {
  it('a landmark in New York with ISO 3166-2 codes and a bounding box', () => {
    const place = nominatimResultToPlace({
      place_id: 1,
      osm_type: 'way',
      osm_id: 34633854,
      lat: '40.7484284',
      lon: '-73.9856546',
      category: 'building',
      type: 'yes',
      addresstype: 'building',
      name: 'Empire State Building',
      display_name: 'Empire State Building, 350, 5th Avenue, Manhattan, New York, 10118, United States',
      address: {
        building: 'Empire State Building',
        house_number: '350',
        road: '5th Avenue',
        neighbourhood: 'Midtown South',
        suburb: 'Manhattan',
        city: 'New York',
        county: 'New York County',
        state: 'New York',
        'ISO3166-2-lvl4': 'US-NY',
        postcode: '10118',
        country: 'United States',
        country_code: 'us',
      },
      boundingbox: ['40.7479226', '40.7489422', '-73.9864855', '-73.9848259'],
    });
    expect(place).toMatchObject({
      id: 'osm:W:34633854',
      displayName: 'Empire State Building',
      formattedAddress: 'Empire State Building, 350 5th Avenue, New York, NY 10118, United States',
      location: { latitude: 40.7484284, longitude: -73.9856546 },
      viewport: {
        low: { latitude: 40.7479226, longitude: -73.9864855 },
        high: { latitude: 40.7489422, longitude: -73.9848259 },
      },
      types: ['point_of_interest', 'establishment', 'premise'],
    });
    expect(addressOf(place)).toEqual(
      fullAddress({
        line1: '350 5th Avenue',
        city: 'New York',
        state: 'NY',
        postal_code: '10118',
        country_code: 'US',
      }),
    );
  });

  it('a church in a German town: street before number, town as city', () => {
    const place = nominatimResultToPlace({
      osm_type: 'node',
      osm_id: 99,
      lat: '50.9413',
      lon: '6.9583',
      category: 'amenity',
      type: 'place_of_worship',
      addresstype: 'amenity',
      name: 'Kölner Dom',
      address: {
        amenity: 'Kölner Dom',
        house_number: '4',
        road: 'Domkloster',
        suburb: 'Altstadt-Nord',
        town: 'Köln',
        state: 'Nordrhein-Westfalen',
        'ISO3166-2-lvl4': 'DE-NW',
        postcode: '50667',
        country: 'Deutschland',
        country_code: 'de',
      },
    });
    expect(place?.types).toEqual(['point_of_interest', 'establishment', 'place_of_worship']);
    expect(addressOf(place)).toEqual(
      fullAddress({
        line1: 'Domkloster 4',
        city: 'Köln',
        state: 'Nordrhein-Westfalen',
        postal_code: '50667',
        country_code: 'DE',
      }),
    );
  });

  it('a village', () => {
    const place = nominatimResultToPlace({
      osm_type: 'relation',
      osm_id: 123,
      lat: 46.1,
      lon: 7.2,
      category: 'place',
      type: 'village',
      addresstype: 'village',
      name: 'Zermatt',
      address: { village: 'Zermatt', state: 'Valais', country: 'Schweiz', country_code: 'ch' },
    });
    expect(place).toMatchObject({ id: 'osm:R:123', types: ['locality', 'political'] });
    expect(addressOf(place)).toMatchObject({
      line1: null,
      city: 'Zermatt',
      state: 'Valais',
      country_code: 'CH',
    });
  });

  it('refuses what is not a Nominatim result', () => {
    expect(nominatimResultToPlace({ osm_type: 'area', osm_id: 1 })).toBeNull();
  });
});

describe('OSM place ids', () => {
  it('are self-describing', () => {
    expect(parseOsmPlaceId('osm:N:123456')).toEqual({ type: 'N', id: 123456 });
    expect(parseOsmPlaceId('osm:X:1')).toBeNull();
    expect(parseOsmPlaceId('ChIJN1t_tDeuEmsRUsoyG83frY4')).toBeNull();
  });
});

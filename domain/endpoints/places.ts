/** /api/places and /api/parse-address: the wizard's place search (product §7). */
import { parseAddressBodySchema, parseAddressResponseSchema } from '../address.ts';
import {
  autocompleteQuerySchema,
  autocompleteResponseSchema,
  countryAtQuerySchema,
  countryAtResponseSchema,
  placeDetailsParamsSchema,
  placeDetailsQuerySchema,
  placeDetailsSchema,
  placesProviderResponseSchema,
} from '../places.ts';
import { defineEndpoint, problems, type EndpointDocs } from './define.ts';

/** The place provider's: over the daily limit (429), it failed (502) or there is none (503). */
const providerErrors = problems(429, 502, 503);

export const placeEndpoints = {
  provider: defineEndpoint('GET', '/places/provider', {
    auth: 'none',
    responses: { 200: placesProviderResponseSchema },
  }),

  countryAt: defineEndpoint('GET', '/places/country', {
    auth: 'none',
    query: countryAtQuerySchema,
    responses: { 200: countryAtResponseSchema },
  }),

  autocomplete: defineEndpoint('GET', '/places/autocomplete', {
    auth: 'required',
    query: autocompleteQuerySchema,
    responses: { 200: autocompleteResponseSchema, ...providerErrors },
  }),

  details: defineEndpoint('GET', '/places/details/:id', {
    auth: 'required',
    params: placeDetailsParamsSchema,
    query: placeDetailsQuerySchema,
    responses: { 200: placeDetailsSchema, ...providerErrors },
  }),

  parseAddress: defineEndpoint('POST', '/parse-address', {
    auth: 'required',
    body: parseAddressBodySchema,
    responses: { 200: parseAddressResponseSchema, ...problems(429) },
  }),
};

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const placeDocs: EndpointDocs<typeof placeEndpoints> = {
  provider: {
    summary: 'Which place search this server offers: google, osm or none (null)',
  },
  countryAt: {
    summary: 'The country at a point (ISO 3166-1 alpha-2), or null at sea',
    description:
      "Public and offline: Natural Earth's 1:50m country shapes (the basemap's), so within a few " +
      'kilometres of a coast or border the answer may be the neighbour or the sea. The wizard ' +
      'preselects this country for coordinates entered by hand. Cacheable (a day).',
  },
  autocomplete: {
    summary: 'Place suggestions for the text typed so far (signed in; PLACES_PER_USER_PER_DAY a day)',
  },
  details: {
    summary:
      'A suggested place: name, address components, location and viewport (Google-shaped; ' +
      'signed in; counts towards PLACES_PER_USER_PER_DAY)',
  },
  parseAddress: {
    summary: "Reads a picked place's address components into the building address",
    description:
      'Signed in only (the wizard is). An address that cannot be read is still a 200, with ' +
      'success false, an error and a null address: the wizard leaves the address for the user to fill.',
  },
};

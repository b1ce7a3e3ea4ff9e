/** /api/locator.svg: where a building without a cover image is. */
import { z } from 'zod';
import {
  LOCATOR_VERSION,
  locatorQuerySchema,
  roundLocatorCoordinate,
  type LocatorScheme,
} from '../locator.ts';
import { apiUrl, defineEndpoint, type EndpointDocs } from './define.ts';

export const locatorEndpoints = {
  picture: defineEndpoint('GET', '/locator.svg', {
    auth: 'none',
    query: locatorQuerySchema,
    responses: {
      200: z.string().describe('An SVG picture (image/svg+xml), at most a few KB'),
      304: z.null().describe('Not modified (If-None-Match named the ETag)'),
    },
  }),
};

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const locatorDocs: EndpointDocs<typeof locatorEndpoints> = {
  picture: {
    summary: 'A small map picture locating a point (SVG)',
    description:
      "The outline of the country holding the point (its part near the point; at sea a globe) on the basemap's " +
      'land and water, with a dot at the point, in the light or dark palette. Coordinates are rounded to 0.01°. ' +
      `Cached for a year as immutable when v is the current drawing version (${LOCATOR_VERSION}).`,
  },
};

/** The URL of the locator picture of a point ([lng, lat]) in a colour scheme. */
export function locatorUrl([lng, lat]: readonly [number, number], scheme: LocatorScheme): string {
  return apiUrl(locatorEndpoints.picture, {
    query: { lng: roundLocatorCoordinate(lng), lat: roundLocatorCoordinate(lat), scheme, v: LOCATOR_VERSION },
  });
}

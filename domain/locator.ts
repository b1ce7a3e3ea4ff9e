/**
 * Locator pictures: until a building has a cover image, its cards show where it
 * is: the outline of its country on the basemap's land and water, with a dot at the building.
 * The locator endpoint (domain/endpoints/locator.ts, server/modules/locator) draws them; the web
 * asks with `locatorUrl`, so every card of the same place and theme shares one cached picture.
 */
import { z } from 'zod';
import { numberParam } from './query-params.ts';

/**
 * The drawing's version: part of every URL the web builds, so a new drawing is fetched anew while
 * the old one may stay cached for a year. Raise it whenever the pictures change.
 */
export const LOCATOR_VERSION = '1';

/** The picture's size in CSS pixels (its viewBox is twice this: coordinates in half pixels). */
export const LOCATOR_SIZE = { width: 200, height: 120 } as const;

/**
 * Decimals kept of each coordinate (0.01° ≈ 1 km): the dot moves less than a pixel in the closest
 * frame the locator draws, and near buildings share one picture.
 */
export const LOCATOR_DECIMALS = 2;

export const LOCATOR_SCHEMES = ['light', 'dark'] as const;
export type LocatorScheme = (typeof LOCATOR_SCHEMES)[number];

/** A coordinate rounded as the locator reads it (never -0, so '0' and '-0' are one URL). */
export function roundLocatorCoordinate(value: number): number {
  const factor = 10 ** LOCATOR_DECIMALS;
  return Math.round(value * factor) / factor + 0;
}

export const locatorQuerySchema = z.object({
  lng: numberParam('lng').pipe(
    z.number().min(-180, 'lng must be between -180 and 180').max(180, 'lng must be between -180 and 180'),
  ),
  lat: numberParam('lat').pipe(
    z.number().min(-90, 'lat must be between -90 and 90').max(90, 'lat must be between -90 and 90'),
  ),
  scheme: z.enum(LOCATOR_SCHEMES, { error: 'scheme must be light or dark' }).default('light'),
  v: z
    .string()
    .regex(/^[\w.-]{1,16}$/, 'v must be a short version tag')
    .optional()
    .describe(`The drawing's version (now ${LOCATOR_VERSION}); with it the answer is cached as immutable`),
});

export type LocatorQuery = z.infer<typeof locatorQuerySchema>;

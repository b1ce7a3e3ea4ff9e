/** Positions as the API writes them: [longitude, latitude] and boxes, with product §5's messages. */
import { z } from 'zod';

/** Product §5 messages of a building's coordinates (also part of BUILDING_MESSAGES). */
export const COORDINATE_MESSAGES = {
  longitudeRange: 'Longitude must be between -180 and 180 degrees',
  latitudeRange: 'Latitude must be between -90 and 90 degrees',
  invalidLongitude: 'Invalid longitude value',
  invalidLatitude: 'Invalid latitude value',
  invalidCoordinates: 'Invalid coordinates',
} as const;

/** [longitude, latitude] as GeoJSON orders them. */
export const coordinatesSchema = z.tuple([
  z.number().min(-180, COORDINATE_MESSAGES.longitudeRange).max(180, COORDINATE_MESSAGES.longitudeRange),
  z.number().min(-90, COORDINATE_MESSAGES.latitudeRange).max(90, COORDINATE_MESSAGES.latitudeRange),
]);

/** A GeoJSON point at coordinatesSchema's position. */
export const pointSchema = z.object({ type: z.literal('Point'), coordinates: coordinatesSchema });

/** [west, south, east, north] in degrees; west > east when the box crosses the antimeridian. */
export const bboxSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);

export const longitudeSchema = z
  .number({ error: COORDINATE_MESSAGES.invalidLongitude })
  .min(-180, COORDINATE_MESSAGES.longitudeRange)
  .max(180, COORDINATE_MESSAGES.longitudeRange);

export const latitudeSchema = z
  .number({ error: COORDINATE_MESSAGES.invalidLatitude })
  .min(-90, COORDINATE_MESSAGES.latitudeRange)
  .max(90, COORDINATE_MESSAGES.latitudeRange);

/** [longitude, latitude] from the form, with the product's messages. */
export const coordinatesInputSchema = z.tuple([longitudeSchema, latitudeSchema], {
  error: COORDINATE_MESSAGES.invalidCoordinates,
});

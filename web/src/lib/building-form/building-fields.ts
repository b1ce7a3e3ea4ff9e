import type { z } from 'zod';
import { BUILDING_MESSAGES, buildingNameSchema, buildingYearsSchema } from '#domain/building-write';
import { coordinatesInputSchema, latitudeSchema, longitudeSchema } from '#domain/coordinates';

/**
 * Field rules shared by the building forms (edit form and Create Building wizard), product §5
 * "Building coordinates and edit form". The rules and their messages are the server's own zod
 * schemas (domain/building-write.ts, domain/coordinates.ts); this module only reads what was
 * typed into the boxes and asks those schemas, so the forms and the API say the same thing.
 */
export const BUILDING_FIELD_MESSAGES = BUILDING_MESSAGES;

/** The first message of a failed parse, or undefined when it passed. */
function firstMessage(result: z.ZodSafeParseResult<unknown>): string | undefined {
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Product §5: the name's message (required; at most 200 characters), or undefined when it is fine. */
export function nameError(name: string): string | undefined {
  return firstMessage(buildingNameSchema.safeParse(name));
}

/** A coordinate as typed: a plain decimal number, or null for anything else (empty included). */
export function parseCoordinate(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export const isLongitude = (value: number) => longitudeSchema.safeParse(value).success;
export const isLatitude = (value: number) => latitudeSchema.safeParse(value).success;

/**
 * Product §5: a pasted 'lat, lng' value (as map sites copy it) in either coordinate box is split into
 * the two fields. Only when both numbers are valid coordinates; otherwise null and the text stays.
 */
export function splitPastedCoordinates(text: string): { latitude: string; longitude: string } | null {
  const parts = text.split(',');
  if (parts.length !== 2) return null;
  const lat = parseCoordinate(parts[0] ?? '');
  const lng = parseCoordinate(parts[1] ?? '');
  if (lat === null || lng === null || !isLatitude(lat) || !isLongitude(lng)) return null;
  return { latitude: String(lat), longitude: String(lng) };
}

/** [longitude, latitude] when both boxes hold valid coordinates, otherwise null. */
export function coordinatesOf(values: { longitude: string; latitude: string }): [number, number] | null {
  const parsed = coordinatesInputSchema.safeParse([
    parseCoordinate(values.longitude),
    parseCoordinate(values.latitude),
  ]);
  return parsed.success ? parsed.data : null;
}

/** Range messages of what was typed into the coordinate boxes (nothing for empty or non-numbers). */
export function coordinateRangeErrors(values: { longitude: string; latitude: string }): {
  longitude?: string;
  latitude?: string;
} {
  const errors: { longitude?: string; latitude?: string } = {};
  const lng = parseCoordinate(values.longitude);
  const lat = parseCoordinate(values.latitude);
  const longitude = lng === null ? undefined : firstMessage(longitudeSchema.safeParse(lng));
  const latitude = lat === null ? undefined : firstMessage(latitudeSchema.safeParse(lat));
  if (longitude) errors.longitude = longitude;
  if (latitude) errors.latitude = latitude;
  return errors;
}

/** Product §5: years are parsed as integers, or null if empty. Anything else is not a year (NaN). */
export function parseYear(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^[+-]?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * Year built / year demolished messages, from the payload's schema: each year's own (a whole
 * number, in range), then 'Year demolished cannot be before year built' when both are fine.
 */
export function yearErrors(
  values: { yearBuilt: string; yearDemolished: string },
  now: Date = new Date(),
): { yearBuilt?: string; yearDemolished?: string } {
  const parsed = buildingYearsSchema(now).safeParse({
    year_built: parseYear(values.yearBuilt),
    year_demolished: parseYear(values.yearDemolished),
  });
  const errors: { yearBuilt?: string; yearDemolished?: string } = {};
  if (parsed.success) return errors;
  // Each year's own issues come first, the order rule's last; the form names the order only when
  // both years are fine on their own (the API lists every issue).
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'year_built' ? 'yearBuilt' : 'yearDemolished';
    if (issue.message === BUILDING_MESSAGES.demolishedBeforeBuilt && errors.yearBuilt) continue;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Product §5: description is null if empty. */
export function optionalText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

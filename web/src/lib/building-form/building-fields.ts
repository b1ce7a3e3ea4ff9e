import { YEAR_MIN, currentYear } from '#domain/constants';

/**
 * Field rules shared by the building forms (edit form and Create Building wizard), spec 5
 * "Building coordinates and edit form".
 */
export const BUILDING_FIELD_MESSAGES = {
  nameRequired: 'Name is required',
  longitudeRange: 'Longitude must be between -180 and 180 degrees',
  latitudeRange: 'Latitude must be between -90 and 90 degrees',
  demolishedBeforeBuilt: 'Year demolished cannot be before year built',
  stylesRequired: 'Please select at least one architectural style',
} as const;

/** A coordinate as typed: a plain decimal number, or null for anything else (empty included). */
export function parseCoordinate(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export const isLongitude = (value: number) => value >= -180 && value <= 180;
export const isLatitude = (value: number) => value >= -90 && value <= 90;

/**
 * Spec 5: a pasted 'lat, lng' value (as map sites copy it) in either coordinate box is split into
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
  const lng = parseCoordinate(values.longitude);
  const lat = parseCoordinate(values.latitude);
  if (lng === null || lat === null || !isLongitude(lng) || !isLatitude(lat)) return null;
  return [lng, lat];
}

/** Range messages of what was typed into the coordinate boxes (nothing for empty or non-numbers). */
export function coordinateRangeErrors(values: { longitude: string; latitude: string }): {
  longitude?: string;
  latitude?: string;
} {
  const errors: { longitude?: string; latitude?: string } = {};
  const lng = parseCoordinate(values.longitude);
  const lat = parseCoordinate(values.latitude);
  if (lng !== null && !isLongitude(lng)) errors.longitude = BUILDING_FIELD_MESSAGES.longitudeRange;
  if (lat !== null && !isLatitude(lat)) errors.latitude = BUILDING_FIELD_MESSAGES.latitudeRange;
  return errors;
}

/** Spec 5: years are parsed as integers, or null if empty. Anything else is not a year (NaN). */
export function parseYear(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^[+-]?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function yearError(label: string, year: number | null, now: Date): string | undefined {
  if (year === null) return undefined;
  if (!Number.isSafeInteger(year)) return `${label} must be a whole number`;
  const max = currentYear(now);
  if (year < YEAR_MIN || year > max) return `${label} must be between ${YEAR_MIN} and ${max}`;
  return undefined;
}

/** Year built / year demolished messages: range, then 'Year demolished cannot be before year built'. */
export function yearErrors(
  values: { yearBuilt: string; yearDemolished: string },
  now: Date = new Date(),
): { yearBuilt?: string; yearDemolished?: string } {
  const errors: { yearBuilt?: string; yearDemolished?: string } = {};
  const built = parseYear(values.yearBuilt);
  const demolished = parseYear(values.yearDemolished);
  const builtError = yearError('Year built', built, now);
  const demolishedError = yearError('Year demolished', demolished, now);
  if (builtError) errors.yearBuilt = builtError;
  if (demolishedError) errors.yearDemolished = demolishedError;
  else if (!builtError && built !== null && demolished !== null && demolished < built) {
    errors.yearDemolished = BUILDING_FIELD_MESSAGES.demolishedBeforeBuilt;
  }
  return errors;
}

/** Spec 5: description is null if empty. */
export function optionalText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

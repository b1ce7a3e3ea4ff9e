import type { BuildingDetail, UpdateBuildingBody } from '#domain/buildings';
import { YEAR_MIN, currentYear } from '#domain/constants';

/** The edit form's fields as typed (spec 2, edit building form). */
export interface EditBuildingValues {
  name: string;
  longitude: string;
  latitude: string;
  yearBuilt: string;
  yearDemolished: string;
  description: string;
  architecturalStyles: number[];
}

export type EditBuildingField = keyof EditBuildingValues;
/** Field messages, plus `coordinates` for the pair as a whole ('Invalid coordinates'). */
export type EditBuildingErrors = Partial<Record<EditBuildingField | 'coordinates', string>>;

/** Spec 5 messages. */
export const MESSAGES = {
  nameRequired: 'Name is required',
  longitudeRange: 'Longitude must be between -180 and 180 degrees',
  latitudeRange: 'Latitude must be between -90 and 90 degrees',
  invalidCoordinates: 'Invalid coordinates',
  demolishedBeforeBuilt: 'Year demolished cannot be before year built',
  stylesRequired: 'Please select at least one architectural style',
  updateFailed: 'Failed to update building',
} as const;

export function valuesFromBuilding(building: BuildingDetail): EditBuildingValues {
  return {
    name: building.name,
    longitude: String(building.coordinates[0]),
    latitude: String(building.coordinates[1]),
    yearBuilt: building.year_built === null ? '' : String(building.year_built),
    yearDemolished: building.year_demolished === null ? '' : String(building.year_demolished),
    description: building.description ?? '',
    architecturalStyles: building.architectural_styles.map((style) => style.id),
  };
}

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

/** [longitude, latitude] when both boxes hold valid coordinates, otherwise null ('Invalid coordinates'). */
export function coordinatesOf(
  values: Pick<EditBuildingValues, 'longitude' | 'latitude'>,
): [number, number] | null {
  const lng = parseCoordinate(values.longitude);
  const lat = parseCoordinate(values.latitude);
  if (lng === null || lat === null || !isLongitude(lng) || !isLatitude(lat)) return null;
  return [lng, lat];
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

/**
 * Spec 5, the edit form's rules. While typing (`submitting` false) only the range messages of
 * what was typed show; on submit empty or invalid coordinates also give 'Invalid coordinates'.
 */
export function validateEditBuilding(
  values: EditBuildingValues,
  { submitting = false, now = new Date() }: { submitting?: boolean; now?: Date } = {},
): EditBuildingErrors {
  const errors: EditBuildingErrors = {};
  if (!values.name.trim()) errors.name = MESSAGES.nameRequired;

  const lng = parseCoordinate(values.longitude);
  const lat = parseCoordinate(values.latitude);
  if (lng !== null && !isLongitude(lng)) errors.longitude = MESSAGES.longitudeRange;
  if (lat !== null && !isLatitude(lat)) errors.latitude = MESSAGES.latitudeRange;

  const built = parseYear(values.yearBuilt);
  const demolished = parseYear(values.yearDemolished);
  const builtError = yearError('Year built', built, now);
  const demolishedError = yearError('Year demolished', demolished, now);
  if (builtError) errors.yearBuilt = builtError;
  if (demolishedError) errors.yearDemolished = demolishedError;
  else if (!builtError && built !== null && demolished !== null && demolished < built) {
    errors.yearDemolished = MESSAGES.demolishedBeforeBuilt;
  }

  if (submitting) {
    if (!errors.longitude && !errors.latitude && coordinatesOf(values) === null) {
      errors.coordinates = MESSAGES.invalidCoordinates;
    }
    if (values.architecturalStyles.length === 0) errors.architecturalStyles = MESSAGES.stylesRequired;
  }
  return errors;
}

export function hasErrors(errors: EditBuildingErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * The PUT body (spec 3: the building payload plus its id). Description is null if empty; the
 * address goes back as the detail has it (left out when it has no first line, which the API
 * needs, so the stored one stays). Call only with values that passed validation.
 */
export function updateBuildingBody(building: BuildingDetail, values: EditBuildingValues): UpdateBuildingBody {
  const coordinates = coordinatesOf(values);
  if (!coordinates) throw new Error(MESSAGES.invalidCoordinates);
  const description = values.description.trim();
  const { address } = building;
  return {
    id: building.id,
    name: values.name.trim(),
    // Sent back unchanged so an edit does not drop the building's place.
    place_id: building.place_id,
    year_built: parseYear(values.yearBuilt),
    year_demolished: parseYear(values.yearDemolished),
    description: description === '' ? null : description,
    coordinates,
    architectural_styles: [...values.architecturalStyles],
    ...(address.line1
      ? {
          address: {
            line1: address.line1,
            line2: address.line2,
            line3: address.line3,
            city: address.city,
            state: address.state,
            postal_code: address.postal_code,
            country_code: address.country_code ?? 'US',
          },
        }
      : {}),
  };
}

import type { BuildingDetail, UpdateBuildingBody } from '#domain/buildings';
import {
  BUILDING_FIELD_MESSAGES,
  coordinateRangeErrors,
  coordinatesOf,
  parseYear,
  yearErrors,
} from '../../../lib/building-form/building-fields.ts';

// The field rules are shared with the Create Building wizard; re-exported for this form's callers.
export {
  coordinatesOf,
  isLatitude,
  isLongitude,
  parseCoordinate,
  parseYear,
  splitPastedCoordinates,
} from '../../../lib/building-form/building-fields.ts';

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
  ...BUILDING_FIELD_MESSAGES,
  invalidCoordinates: 'Invalid coordinates',
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

  Object.assign(errors, coordinateRangeErrors(values), yearErrors(values, now));

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

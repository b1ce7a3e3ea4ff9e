import type { BuildingDetail } from '#domain/building-detail';
import type { UpdateBuildingBody } from '#domain/building-write';
import {
  BUILDING_FIELD_MESSAGES,
  coordinateRangeErrors,
  coordinatesOf,
  nameError,
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

/** The edit form's fields as typed (product §2, edit building form). */
export interface EditBuildingValues {
  name: string;
  longitude: string;
  latitude: string;
  yearBuilt: string;
  yearDemolished: string;
  description: string;
  architecturalStyles: number[];
  /** Architect names; sent as they are, the server matches them. */
  architects: string[];
}

export type EditBuildingField = keyof EditBuildingValues;
/** Field messages, plus `coordinates` for the pair as a whole ('Invalid coordinates'). */
export type EditBuildingErrors = Partial<Record<EditBuildingField | 'coordinates', string>>;

/** Product §5 messages (the payload's own, from domain/building-write.ts) and product §8's failure. */
export const MESSAGES = {
  ...BUILDING_FIELD_MESSAGES,
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
    architects: building.architects.map((a) => a.name),
  };
}

/**
 * Product §5, the edit form's rules. While typing (`submitting` false) only the range messages of
 * what was typed show; on submit empty or invalid coordinates also give 'Invalid coordinates'.
 */
export function validateEditBuilding(
  values: EditBuildingValues,
  { submitting = false, now = new Date() }: { submitting?: boolean; now?: Date } = {},
): EditBuildingErrors {
  const errors: EditBuildingErrors = {};
  const name = nameError(values.name);
  if (name) errors.name = name;

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
 * The PUT body (product §3: the building payload plus its id). Description is null if empty; the
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
    architects: [...values.architects],
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

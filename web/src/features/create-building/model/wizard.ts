import type { CreateBuildingBody } from '#domain/building-write';
import { DEFAULT_IMAGE_LICENSE, type ImageLicense, type ImageType } from '#domain/images';
import {
  BUILDING_FIELD_MESSAGES,
  coordinatesOf,
  optionalText,
  parseCoordinate,
  isLatitude,
  isLongitude,
  nameError,
  parseYear,
  splitPastedCoordinates,
  yearErrors,
} from '../../../lib/building-form/building-fields.ts';
import type { ParsedAddress, PlaceDetails } from './places.ts';

/** Product §2 and 9: the Create Building wizard has 4 steps (0 to 3). */
export const WIZARD_STEP_COUNT = 4;
export type WizardStep = 0 | 1 | 2 | 3;
export const WIZARD_STEP_TITLES = ['Location', 'Address', 'Details', 'Images'] as const;

/** Product §9: at most 3 address lines; the country defaults to US. */
export const ADDRESS_LINES_MAX = 3;
export const DEFAULT_COUNTRY_CODE = 'US';
/** Product §5 and 9: the wizard's capture year is digits only, at most 4. */
export const CAPTURE_YEAR_MAX_DIGITS = 4;

/** Product §5 and 8 messages of the wizard. */
export const WIZARD_MESSAGES = {
  nameRequired: BUILDING_FIELD_MESSAGES.nameRequired,
  invalidLongitude: BUILDING_FIELD_MESSAGES.invalidLongitude,
  invalidLatitude: BUILDING_FIELD_MESSAGES.invalidLatitude,
  line1Required: BUILDING_FIELD_MESSAGES.line1Required,
  countryRequired: 'Country is required',
  stylesRequired: BUILDING_FIELD_MESSAGES.stylesRequired,
  imagesRequired: 'Please add at least one image',
  imageTypeRequired: 'Please select a type for each image',
  placeWithoutCoordinates: 'Selected place does not have valid coordinates.',
  placeFailed: 'Error processing the selected place. Please try again.',
  duplicate: 'A building at this location already exists. Redirecting you to that building.',
  createFailed: 'Failed to create building',
} as const;

export type LocationMode = 'search' | 'manual';

/**
 * Where the address's country came from. Coordinates preselect the country they lie in,
 * but never over one the user chose or the picked place's address gave.
 */
export type CountrySource = 'default' | 'coordinates' | 'place' | 'user';

export interface WizardAddress {
  /** 1 to 3 lines. */
  lines: string[];
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
}

export interface WizardImage {
  /** Local key of the chosen file. */
  key: string;
  file: File;
  type: ImageType | null;
  description: string;
  /** As typed: digits only, at most 4. */
  captureYear: string;
}

export interface WizardState {
  step: WizardStep;
  /** Chosen by the user; null follows place search availability (search when available). */
  locationMode: LocationMode | null;
  /** The place picked in the search (its id is sent as place_id). */
  place: PlaceDetails | null;
  placeError: string | null;
  name: string;
  longitude: string;
  latitude: string;
  /** The place whose address was last sent for parsing (parsed once per picked place). */
  parsedPlaceId: string | null;
  /** True when the address fields were filled from the picked place. */
  addressFromPlace: boolean;
  address: WizardAddress;
  countrySource: CountrySource;
  yearBuilt: string;
  yearDemolished: string;
  description: string;
  architecturalStyles: number[];
  /** Names as entered; the server matches them to existing architects. */
  architects: string[];
  images: WizardImage[];
  /** The licence and credit of every image of this building (blank credit: the handle). */
  imageCredit: { license: ImageLicense; author: string };
}

export const initialWizardState: WizardState = {
  step: 0,
  locationMode: null,
  place: null,
  placeError: null,
  name: '',
  longitude: '',
  latitude: '',
  parsedPlaceId: null,
  addressFromPlace: false,
  address: { lines: [''], city: '', state: '', postalCode: '', countryCode: DEFAULT_COUNTRY_CODE },
  countrySource: 'default',
  yearBuilt: '',
  yearDemolished: '',
  description: '',
  architecturalStyles: [],
  architects: [],
  images: [],
  imageCredit: { license: DEFAULT_IMAGE_LICENSE, author: '' },
};

export type AddressField = 'city' | 'state' | 'postalCode' | 'countryCode';
export type DetailField = 'yearBuilt' | 'yearDemolished' | 'description';

export type WizardAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'setLocationMode'; mode: LocationMode }
  | { type: 'setName'; value: string }
  | { type: 'setCoordinate'; field: 'longitude' | 'latitude'; value: string }
  | { type: 'placePicked'; place: PlaceDetails }
  | { type: 'placeFailed' }
  | { type: 'addressParsed'; placeId: string; address: ParsedAddress | null }
  /** The country containing the coordinates (GET /api/places/country), null at sea. */
  | { type: 'countryDetected'; countryCode: string | null }
  | { type: 'setAddressLine'; index: number; value: string }
  | { type: 'addAddressLine' }
  | { type: 'removeAddressLine'; index: number }
  | { type: 'setAddressField'; field: AddressField; value: string }
  | { type: 'setDetail'; field: DetailField; value: string }
  | { type: 'setStyles'; ids: number[] }
  | { type: 'setArchitects'; names: string[] }
  | { type: 'addImages'; images: { key: string; file: File }[] }
  | { type: 'removeImage'; key: string }
  | { type: 'setImageType'; key: string; imageType: ImageType | null }
  | { type: 'setImageDescription'; key: string; value: string }
  | { type: 'setImageCaptureYear'; key: string; value: string }
  | { type: 'setImageCredit'; credit: { license: ImageLicense; author: string } }
  | { type: 'reset' };

/** The location mode shown: the user's choice, else search when place search is available. */
export function locationModeOf(state: WizardState, searchAvailable: boolean): LocationMode {
  return state.locationMode ?? (searchAvailable ? 'search' : 'manual');
}

/**
 * Product §5, create wizard: step 0 is valid with a picked place, or with both coordinates and a
 * non-empty name; steps 1 and 2 always; step 3 needs at least one image and a type for each.
 */
export function isStepValid(state: WizardState, step: WizardStep = state.step): boolean {
  switch (step) {
    case 0:
      return state.place !== null || (state.name.trim() !== '' && coordinatesOf(state) !== null);
    case 1:
    case 2:
      return true;
    case 3:
      return state.images.length > 0 && state.images.every((image) => image.type !== null);
  }
}

/** Product §4: leaving step 0 with a picked place whose address was not parsed yet parses it first. */
export function needsAddressParse(state: WizardState): boolean {
  return state.step === 0 && state.place !== null && state.parsedPlaceId !== state.place.id;
}

/** Where a picked place puts the building, or the product §5 message when it has no usable coordinates. */
export function placeCoordinates(place: PlaceDetails): [number, number] | string {
  const lat = place.location?.latitude;
  const lng = place.location?.longitude;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) {
    return WIZARD_MESSAGES.placeWithoutCoordinates;
  }
  if (!isLongitude(lng) || !isLatitude(lat)) return WIZARD_MESSAGES.placeWithoutCoordinates;
  return [lng, lat];
}

/**
 * Product §5: a missing address line 1 or architectural style is said once the user has left its
 * box (`left`), not before; advancing stays allowed (isStepValid).
 */
export function leftEmptyMessage(
  state: WizardState,
  field: 'line1' | 'styles',
  left: boolean,
): string | undefined {
  if (!left) return undefined;
  if (field === 'line1')
    return (state.address.lines[0] ?? '').trim() === '' ? WIZARD_MESSAGES.line1Required : undefined;
  return state.architecturalStyles.length === 0 ? WIZARD_MESSAGES.stylesRequired : undefined;
}

/** True while coordinates may still choose the country: neither the user nor a place has. */
export function countryFollowsCoordinates(state: WizardState): boolean {
  return state.countrySource === 'default' || state.countrySource === 'coordinates';
}

/**
 * The country found at the coordinates is preselected unless the user chose a country
 * or the picked place's address gave one; the user can still change it. Back at sea, a country
 * preselected from earlier coordinates returns to the default.
 */
export function preselectCountry(state: WizardState, countryCode: string | null): WizardState {
  if (!countryFollowsCoordinates(state)) return state;
  const code = countryCode?.trim().toUpperCase() ?? '';
  if (/^[A-Z]{2}$/.test(code)) {
    if (state.countrySource === 'coordinates' && state.address.countryCode === code) return state;
    return { ...setAddress(state, { countryCode: code }), countrySource: 'coordinates' };
  }
  if (state.countrySource !== 'coordinates') return state;
  return { ...setAddress(state, { countryCode: DEFAULT_COUNTRY_CODE }), countrySource: 'default' };
}

/** Product §5: the capture year box keeps digits only, at most 4. */
export function sanitizeCaptureYear(text: string): string {
  return text.replace(/\D/g, '').slice(0, CAPTURE_YEAR_MAX_DIGITS);
}

/** Product §3: the capture year is sent as a 4-digit year or null. */
export function captureYearValue(text: string): number | null {
  return /^\d{4}$/.test(text) ? Number(text) : null;
}

function linesFrom(address: ParsedAddress): string[] {
  const lines = [address.line1, address.line2, address.line3].map((line) => line ?? '');
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function updateImage(state: WizardState, key: string, change: Partial<WizardImage>): WizardState {
  return {
    ...state,
    images: state.images.map((image) => (image.key === key ? { ...image, ...change } : image)),
  };
}

function setAddress(state: WizardState, change: Partial<WizardAddress>): WizardState {
  return { ...state, address: { ...state.address, ...change } };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'next':
      if (state.step >= WIZARD_STEP_COUNT - 1 || !isStepValid(state)) return state;
      return { ...state, step: (state.step + 1) as WizardStep };
    case 'previous':
      if (state.step === 0) return state;
      return { ...state, step: (state.step - 1) as WizardStep };
    case 'setLocationMode':
      return { ...state, locationMode: action.mode };
    case 'setName':
      return { ...state, name: action.value };
    case 'setCoordinate': {
      // Product §5: 'lat, lng' typed or pasted into either box fills both.
      const split = splitPastedCoordinates(action.value);
      // Coordinates typed by hand no longer describe the picked place: its id is not sent.
      const base = { ...state, place: null, placeError: null };
      return split ? { ...base, ...split } : { ...base, [action.field]: action.value };
    }
    case 'placePicked': {
      const coordinates = placeCoordinates(action.place);
      if (typeof coordinates === 'string') return { ...state, place: null, placeError: coordinates };
      return {
        ...state,
        place: action.place,
        placeError: null,
        name: action.place.displayName,
        longitude: String(coordinates[0]),
        latitude: String(coordinates[1]),
      };
    }
    case 'placeFailed':
      return { ...state, place: null, placeError: WIZARD_MESSAGES.placeFailed };
    case 'addressParsed': {
      const parsed = { ...state, parsedPlaceId: action.placeId };
      const { address } = action;
      if (!address) return { ...parsed, addressFromPlace: false };
      // A place without a country keeps the one known so far (from its coordinates, or the default).
      const placeCountry = address.country_code?.trim().toUpperCase() || null;
      return {
        ...parsed,
        addressFromPlace: true,
        address: {
          lines: linesFrom(address),
          city: address.city ?? '',
          state: address.state ?? '',
          postalCode: address.postal_code ?? '',
          countryCode: placeCountry ?? state.address.countryCode,
        },
        countrySource: placeCountry ? 'place' : state.countrySource,
      };
    }
    case 'countryDetected':
      return preselectCountry(state, action.countryCode);
    case 'setAddressLine': {
      if (action.index < 0 || action.index >= state.address.lines.length) return state;
      const lines = state.address.lines.map((line, i) => (i === action.index ? action.value : line));
      return setAddress(state, { lines });
    }
    case 'addAddressLine':
      if (state.address.lines.length >= ADDRESS_LINES_MAX) return state;
      return setAddress(state, { lines: [...state.address.lines, ''] });
    case 'removeAddressLine': {
      // Product §2: '×' removes line 2 (line 3 shifts up) or line 3 (cleared); line 1 stays.
      if (action.index < 1 || action.index >= state.address.lines.length) return state;
      return setAddress(state, { lines: state.address.lines.filter((_, i) => i !== action.index) });
    }
    case 'setAddressField': {
      const changed = setAddress(state, { [action.field]: action.value });
      return action.field === 'countryCode' ? { ...changed, countrySource: 'user' } : changed;
    }
    case 'setDetail':
      return { ...state, [action.field]: action.value };
    case 'setStyles':
      return { ...state, architecturalStyles: [...action.ids] };
    case 'setArchitects':
      return { ...state, architects: [...action.names] };
    case 'addImages':
      return {
        ...state,
        images: [
          ...state.images,
          ...action.images.map(({ key, file }) => ({
            key,
            file,
            type: null,
            description: '',
            captureYear: '',
          })),
        ],
      };
    case 'removeImage':
      return { ...state, images: state.images.filter((image) => image.key !== action.key) };
    case 'setImageType':
      return updateImage(state, action.key, { type: action.imageType });
    case 'setImageDescription':
      return updateImage(state, action.key, { description: action.value });
    case 'setImageCaptureYear':
      return updateImage(state, action.key, { captureYear: sanitizeCaptureYear(action.value) });
    case 'setImageCredit':
      return { ...state, imageCredit: { ...action.credit } };
    case 'reset':
      return initialWizardState;
  }
}

/** True when anything was entered: closing the wizard then asks before discarding it. */
export function hasEnteredData(state: WizardState): boolean {
  const { address } = state;
  return (
    state.place !== null ||
    [state.name, state.longitude, state.latitude, state.yearBuilt, state.yearDemolished, state.description]
      .concat(address.lines, [address.city, address.state, address.postalCode])
      .some((text) => text.trim() !== '') ||
    address.countryCode !== DEFAULT_COUNTRY_CODE ||
    state.architecturalStyles.length > 0 ||
    state.images.length > 0
  );
}

/** Product §5: the messages that stop a submit, in form order; empty when the building can be sent. */
export function validateSubmission(state: WizardState, now: Date = new Date()): string[] {
  const messages: string[] = [];
  const name = nameError(state.name);
  if (name) messages.push(name);
  const lng = parseCoordinate(state.longitude);
  const lat = parseCoordinate(state.latitude);
  if (lng === null || !isLongitude(lng)) messages.push(WIZARD_MESSAGES.invalidLongitude);
  if (lat === null || !isLatitude(lat)) messages.push(WIZARD_MESSAGES.invalidLatitude);
  if ((state.address.lines[0] ?? '').trim() === '') messages.push(WIZARD_MESSAGES.line1Required);
  if (state.address.countryCode.trim() === '') messages.push(WIZARD_MESSAGES.countryRequired);
  const years = yearErrors(state, now);
  if (years.yearBuilt) messages.push(years.yearBuilt);
  if (years.yearDemolished) messages.push(years.yearDemolished);
  if (state.architecturalStyles.length === 0) messages.push(WIZARD_MESSAGES.stylesRequired);
  if (state.images.length === 0) messages.push(WIZARD_MESSAGES.imagesRequired);
  else if (state.images.some((image) => image.type === null))
    messages.push(WIZARD_MESSAGES.imageTypeRequired);
  return messages;
}

/**
 * POST /api/buildings/ body, exactly the product §3 building payload: empty address fields and an
 * empty description as null. Call only with a state that passed validateSubmission.
 */
export function createBuildingPayload(state: WizardState): CreateBuildingBody {
  const coordinates = coordinatesOf(state);
  if (!coordinates) throw new Error(WIZARD_MESSAGES.invalidLongitude);
  const [line1, line2, line3] = state.address.lines;
  return {
    name: state.name.trim(),
    place_id: state.place?.id ?? null,
    year_built: parseYear(state.yearBuilt),
    year_demolished: parseYear(state.yearDemolished),
    description: optionalText(state.description),
    coordinates,
    architectural_styles: [...state.architecturalStyles],
    architects: [...state.architects],
    address: {
      line1: optionalText(line1 ?? ''),
      line2: optionalText(line2 ?? ''),
      line3: optionalText(line3 ?? ''),
      city: optionalText(state.address.city),
      state: optionalText(state.address.state),
      postal_code: optionalText(state.address.postalCode),
      country_code: state.address.countryCode.trim().toUpperCase() || DEFAULT_COUNTRY_CODE,
    },
  };
}

export interface WizardUploadItem {
  file: File;
  type: ImageType;
  description: string | null;
  captureYear: number | null;
}

/** The chosen images with their metadata, ready for the upload sequence (product §3 upload metadata). */
export function uploadItemsOf(state: WizardState): WizardUploadItem[] {
  return state.images.flatMap((image) =>
    image.type === null
      ? []
      : [
          {
            file: image.file,
            type: image.type,
            description: optionalText(image.description),
            captureYear: captureYearValue(image.captureYear),
          },
        ],
  );
}

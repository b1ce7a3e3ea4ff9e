import { describe, expect, it } from 'vitest';
import type { PlaceDetails } from './places.ts';
import { countryLookupPoint, parseAddressBody, placeSearchNotice, suggestionLabel } from './places.ts';
import {
  WIZARD_MESSAGES,
  captureYearValue,
  createBuildingPayload,
  hasEnteredData,
  initialWizardState,
  isStepValid,
  countryFollowsCoordinates,
  leftEmptyMessage,
  locationModeOf,
  needsAddressParse,
  sanitizeCaptureYear,
  uploadItemsOf,
  validateSubmission,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './wizard.ts';

const now = new Date(2026, 5, 1);
const run = (actions: WizardAction[], from: WizardState = initialWizardState) =>
  actions.reduce(wizardReducer, from);
const file = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

const place: PlaceDetails = {
  id: 'place-1',
  displayName: 'Flatiron Building',
  formattedAddress: '175 5th Ave, New York, NY 10010, USA',
  location: { latitude: 40.7411, longitude: -73.9897 },
  viewport: null,
  addressComponents: [{ longText: '175', shortText: '175', types: ['street_number'] }],
  types: ['premise'],
};

/** A state that passes every rule: manual location, address, details, one typed image. */
const complete = run([
  { type: 'setName', value: '  Flatiron Building ' },
  { type: 'setCoordinate', field: 'longitude', value: '-73.9897' },
  { type: 'setCoordinate', field: 'latitude', value: '40.7411' },
  { type: 'setAddressLine', index: 0, value: '175 5th Ave' },
  { type: 'setAddressField', field: 'city', value: 'New York' },
  { type: 'setDetail', field: 'yearBuilt', value: '1902' },
  { type: 'setStyles', ids: [4, 9] },
  { type: 'addImages', images: [{ key: 'a', file: file('a.jpg') }] },
  { type: 'setImageType', key: 'a', imageType: 'exterior' },
]);

describe('wizard steps (product §2 and 5, create wizard)', () => {
  it('starts at step 0 of 4 with an empty form and US as the country', () => {
    expect(initialWizardState.step).toBe(0);
    expect(initialWizardState.address).toEqual({
      lines: [''],
      city: '',
      state: '',
      postalCode: '',
      countryCode: 'US',
    });
    expect(hasEnteredData(initialWizardState)).toBe(false);
  });

  it('step 0 is valid with a picked place', () => {
    const picked = run([{ type: 'placePicked', place }]);
    expect(isStepValid(picked)).toBe(true);
    expect(run([{ type: 'next' }], picked).step).toBe(1);
  });

  it('step 0 is valid with both coordinates and a non-empty name, and only then', () => {
    const nameOnly = run([{ type: 'setName', value: 'Tower' }]);
    expect(isStepValid(nameOnly)).toBe(false);
    const noName = run([
      { type: 'setName', value: '   ' },
      { type: 'setCoordinate', field: 'longitude', value: '2.29' },
      { type: 'setCoordinate', field: 'latitude', value: '48.85' },
    ]);
    expect(isStepValid(noName)).toBe(false);
    expect(run([{ type: 'next' }], noName).step).toBe(0);
    const outOfRange = run([{ type: 'setCoordinate', field: 'latitude', value: '95' }], {
      ...noName,
      name: 'Tower',
    });
    expect(isStepValid(outOfRange)).toBe(false);
    const valid = { ...noName, name: 'Tower' };
    expect(isStepValid(valid)).toBe(true);
    expect(run([{ type: 'next' }], valid).step).toBe(1);
  });

  it('steps 1 and 2 are always valid; step 3 needs an image with a type for each', () => {
    expect(isStepValid(initialWizardState, 1)).toBe(true);
    expect(isStepValid(initialWizardState, 2)).toBe(true);
    expect(isStepValid(initialWizardState, 3)).toBe(false);
    const untyped = run([{ type: 'addImages', images: [{ key: 'a', file: file('a.jpg') }] }]);
    expect(isStepValid(untyped, 3)).toBe(false);
    expect(isStepValid(run([{ type: 'setImageType', key: 'a', imageType: 'plans' }], untyped), 3)).toBe(true);
  });

  it('moves forward to step 3 at most and back to step 0 at least', () => {
    let state: WizardState = { ...complete, step: 0 };
    state = run([{ type: 'next' }, { type: 'next' }, { type: 'next' }, { type: 'next' }], state);
    expect(state.step).toBe(3);
    state = run(
      [{ type: 'previous' }, { type: 'previous' }, { type: 'previous' }, { type: 'previous' }],
      state,
    );
    expect(state.step).toBe(0);
    // Going back and forth keeps everything entered.
    expect({ ...state, step: complete.step }).toEqual(complete);
  });

  it('says a missing address line 1 or style once the user left its box, and lets the user advance', () => {
    const empty = { ...initialWizardState, step: 1 as const };
    expect(leftEmptyMessage(empty, 'line1', false)).toBeUndefined();
    expect(leftEmptyMessage(empty, 'line1', true)).toBe('Address line 1 is required');
    const blank = run([{ type: 'setAddressLine', index: 0, value: '  ' }], empty);
    expect(leftEmptyMessage(blank, 'line1', true)).toBe('Address line 1 is required');
    const typed = run([{ type: 'setAddressLine', index: 0, value: '175 Fifth Avenue' }], empty);
    expect(leftEmptyMessage(typed, 'line1', true)).toBeUndefined();

    expect(leftEmptyMessage(empty, 'styles', false)).toBeUndefined();
    expect(leftEmptyMessage(empty, 'styles', true)).toBe('Please select at least one architectural style');
    expect(leftEmptyMessage(run([{ type: 'setStyles', ids: [9] }], empty), 'styles', true)).toBeUndefined();

    // Product §4: neither blocks the step.
    expect(run([{ type: 'next' }, { type: 'next' }], empty).step).toBe(3);
  });
});

describe('location (product §2 step 1, product §5 building coordinates)', () => {
  it('search is the default mode when place search is available, else manual entry', () => {
    expect(locationModeOf(initialWizardState, true)).toBe('search');
    expect(locationModeOf(initialWizardState, false)).toBe('manual');
    const chosen = run([{ type: 'setLocationMode', mode: 'manual' }]);
    expect(locationModeOf(chosen, true)).toBe('manual');
  });

  it('says why only manual entry is offered: place search not set up, or unavailable for now', () => {
    expect(placeSearchNotice('off')).toBe(
      'Place search is not set up on this site, so please enter the location manually.',
    );
    expect(placeSearchNotice('failed')).toBe(
      'Place search is unavailable right now, so please enter the location manually.',
    );
    expect(placeSearchNotice('on')).toBeNull();
    expect(placeSearchNotice('pending')).toBeNull();
  });

  it('picking a place fills the name and coordinates', () => {
    const picked = run([{ type: 'placePicked', place }]);
    expect(picked).toMatchObject({ name: 'Flatiron Building', longitude: '-73.9897', latitude: '40.7411' });
    expect(picked.place?.id).toBe('place-1');
    expect(picked.placeError).toBeNull();
  });

  it("a place without numeric coordinates gives 'Selected place does not have valid coordinates.'", () => {
    const picked = run([{ type: 'placePicked', place: { ...place, location: null } }]);
    expect(picked.place).toBeNull();
    expect(picked.placeError).toBe('Selected place does not have valid coordinates.');
    expect(isStepValid(picked)).toBe(false);
  });

  it("a failed place lookup gives 'Error processing the selected place. Please try again.'", () => {
    const failed = run([{ type: 'placePicked', place }, { type: 'placeFailed' }]);
    expect(failed.place).toBeNull();
    expect(failed.placeError).toBe(WIZARD_MESSAGES.placeFailed);
    expect(WIZARD_MESSAGES.placeFailed).toBe('Error processing the selected place. Please try again.');
  });

  it("splits a pasted 'lat, lng' into the two fields", () => {
    const state = run([{ type: 'setCoordinate', field: 'longitude', value: '48.8584, 2.2945' }]);
    expect(state).toMatchObject({ latitude: '48.8584', longitude: '2.2945' });
    const kept = run([{ type: 'setCoordinate', field: 'latitude', value: '148.8, 2.2' }]);
    expect(kept).toMatchObject({ latitude: '148.8, 2.2', longitude: '' });
  });

  it('typing coordinates by hand drops the picked place (its id no longer fits)', () => {
    const state = run([
      { type: 'placePicked', place },
      { type: 'setCoordinate', field: 'latitude', value: '41' },
    ]);
    expect(state.place).toBeNull();
    expect(createBuildingPayload({ ...complete, latitude: '41' }).place_id).toBeNull();
  });

  it('leaving step 0 with a picked place parses its address once', () => {
    const picked = run([{ type: 'placePicked', place }]);
    expect(needsAddressParse(picked)).toBe(true);
    const parsed = run([{ type: 'addressParsed', placeId: 'place-1', address: null }], picked);
    expect(needsAddressParse(parsed)).toBe(false);
    expect(needsAddressParse(complete)).toBe(false);
  });
});

describe('address (product §2 step 2)', () => {
  it('fills the address from a parsed place', () => {
    const state = run([
      { type: 'placePicked', place },
      {
        type: 'addressParsed',
        placeId: 'place-1',
        address: {
          line1: '175 5th Ave',
          line2: 'Floor 2',
          line3: null,
          city: 'New York',
          state: 'NY',
          postal_code: '10010',
          country_code: 'us',
        },
      },
    ]);
    expect(state.addressFromPlace).toBe(true);
    expect(state.address).toEqual({
      lines: ['175 5th Ave', 'Floor 2'],
      city: 'New York',
      state: 'NY',
      postalCode: '10010',
      countryCode: 'US',
    });
  });

  it('a failed parse leaves the address unfilled', () => {
    const state = run([
      { type: 'placePicked', place },
      { type: 'addressParsed', placeId: 'place-1', address: null },
    ]);
    expect(state.addressFromPlace).toBe(false);
    expect(state.address).toEqual(initialWizardState.address);
  });

  it("'+ Add address line' adds up to 3 lines", () => {
    const state = run([{ type: 'addAddressLine' }, { type: 'addAddressLine' }, { type: 'addAddressLine' }]);
    expect(state.address.lines).toEqual(['', '', '']);
  });

  it("'×' on line 2 removes it and line 3 shifts up; on line 3 clears it; line 1 stays", () => {
    const three = run([
      { type: 'addAddressLine' },
      { type: 'addAddressLine' },
      { type: 'setAddressLine', index: 0, value: 'one' },
      { type: 'setAddressLine', index: 1, value: 'two' },
      { type: 'setAddressLine', index: 2, value: 'three' },
    ]);
    expect(run([{ type: 'removeAddressLine', index: 1 }], three).address.lines).toEqual(['one', 'three']);
    expect(run([{ type: 'removeAddressLine', index: 2 }], three).address.lines).toEqual(['one', 'two']);
    expect(run([{ type: 'removeAddressLine', index: 0 }], three).address.lines).toEqual([
      'one',
      'two',
      'three',
    ]);
    const readded = run([{ type: 'removeAddressLine', index: 2 }, { type: 'addAddressLine' }], three);
    expect(readded.address.lines).toEqual(['one', 'two', '']);
  });
});

describe('country preselected from the coordinates', () => {
  const london: WizardAction[] = [
    { type: 'setCoordinate', field: 'latitude', value: '51.5007, -0.1246' },
    { type: 'countryDetected', countryCode: 'GB' },
  ];
  const parsedWith = (country_code: string | null): WizardAction => ({
    type: 'addressParsed',
    placeId: 'place-1',
    address: {
      line1: '1 Main St',
      line2: null,
      line3: null,
      city: null,
      state: null,
      postal_code: null,
      country_code,
    },
  });

  it('preselects the country the coordinates lie in, and follows the coordinates while untouched', () => {
    const state = run(london);
    expect(state.address.countryCode).toBe('GB');
    expect(state.countrySource).toBe('coordinates');
    expect(countryFollowsCoordinates(state)).toBe(true);
    const paris = run([{ type: 'countryDetected', countryCode: 'fr' }], state);
    expect(paris.address.countryCode).toBe('FR');
    expect(createBuildingPayload({ ...paris, name: 'x' }).address.country_code).toBe('FR');
  });

  it('at sea keeps the default, and a country preselected before returns to it', () => {
    expect(run([{ type: 'countryDetected', countryCode: null }])).toBe(initialWizardState);
    const sea = run([{ type: 'countryDetected', countryCode: null }], run(london));
    expect(sea.address.countryCode).toBe('US');
    expect(sea.countrySource).toBe('default');
  });

  it("never replaces the user's own choice, before or after the lookup answers", () => {
    const chosenFirst = run([{ type: 'setAddressField', field: 'countryCode', value: 'IE' }, ...london]);
    expect(chosenFirst.address.countryCode).toBe('IE');
    expect(chosenFirst.countrySource).toBe('user');
    expect(countryFollowsCoordinates(chosenFirst)).toBe(false);
    // Choosing the default itself is a choice too.
    expect(
      run([{ type: 'setAddressField', field: 'countryCode', value: 'US' }, ...london]).address.countryCode,
    ).toBe('US');
    // The user can still change a preselected country, and it stays changed.
    const changed = run(
      [
        { type: 'setAddressField', field: 'countryCode', value: 'IE' },
        { type: 'countryDetected', countryCode: 'GB' },
        { type: 'countryDetected', countryCode: null },
      ],
      run(london),
    );
    expect(changed.address.countryCode).toBe('IE');
  });

  it("never replaces the picked place's country; a place without one keeps the preselected country", () => {
    const fromPlace = run([
      { type: 'placePicked', place },
      parsedWith('us'),
      { type: 'countryDetected', countryCode: 'CA' },
    ]);
    expect(fromPlace.address.countryCode).toBe('US');
    expect(fromPlace.countrySource).toBe('place');
    const placeAfter = run([{ type: 'placePicked', place }, parsedWith('FR')], run(london));
    expect(placeAfter.address.countryCode).toBe('FR');
    const noCountry = run([{ type: 'placePicked', place }, parsedWith(null)], run(london));
    expect(noCountry.address.countryCode).toBe('GB');
    expect(noCountry.countrySource).toBe('coordinates');
  });

  it('ignores an answer that is not a country code', () => {
    expect(run([{ type: 'countryDetected', countryCode: 'G' }])).toBe(initialWizardState);
  });

  it('asks about the coordinates rounded to 4 decimals, so nearby edits share one answer', () => {
    expect(countryLookupPoint([-0.12461234, 51.50069876])).toEqual([-0.1246, 51.5007]);
    expect(countryLookupPoint([-0.12459, 51.50071])).toEqual([-0.1246, 51.5007]);
    expect(countryLookupPoint(null)).toBeNull();
  });
});

describe('images (product §5: capture year digits only, max 4)', () => {
  it('keeps digits only, at most 4', () => {
    expect(sanitizeCaptureYear('19a8x7')).toBe('1987');
    expect(sanitizeCaptureYear('123456')).toBe('1234');
    expect(
      run([
        { type: 'addImages', images: [{ key: 'a', file: file('a.jpg') }] },
        { type: 'setImageCaptureYear', key: 'a', value: 'c. 19999' },
      ]).images[0]?.captureYear,
    ).toBe('1999');
  });

  it('sends a 4-digit year or null', () => {
    expect(captureYearValue('1987')).toBe(1987);
    expect(captureYearValue('987')).toBeNull();
    expect(captureYearValue('')).toBeNull();
  });

  it('lists the upload items with their metadata, and removes an image', () => {
    const state = run(
      [
        { type: 'addImages', images: [{ key: 'b', file: file('b.png') }] },
        { type: 'setImageType', key: 'b', imageType: 'interior' },
        { type: 'setImageDescription', key: 'b', value: ' Lobby ' },
        { type: 'setImageCaptureYear', key: 'b', value: '2001' },
      ],
      complete,
    );
    expect(uploadItemsOf(state).map(({ file: f, ...rest }) => ({ name: f.name, ...rest }))).toEqual([
      { name: 'a.jpg', type: 'exterior', description: null, captureYear: null },
      { name: 'b.png', type: 'interior', description: 'Lobby', captureYear: 2001 },
    ]);
    expect(run([{ type: 'removeImage', key: 'a' }], state).images.map((i) => i.key)).toEqual(['b']);
  });
});

describe('submit (product §5 messages, product §3 payload)', () => {
  it('passes a complete wizard', () => {
    expect(validateSubmission(complete, now)).toEqual([]);
  });

  it.each<[string, Partial<WizardState>, string]>([
    ['styles', { architecturalStyles: [] }, 'Please select at least one architectural style'],
    ['images', { images: [] }, 'Please add at least one image'],
    [
      'image types',
      { images: complete.images.map((i) => ({ ...i, type: null })) },
      'Please select a type for each image',
    ],
    ['longitude', { longitude: 'abc' }, 'Invalid longitude value'],
    ['longitude range', { longitude: '181' }, 'Invalid longitude value'],
    ['latitude', { latitude: '' }, 'Invalid latitude value'],
    ['years', { yearBuilt: '1950', yearDemolished: '1949' }, 'Year demolished cannot be before year built'],
    ['name', { name: ' ' }, 'Name is required'],
    ['address line 1', { address: { ...complete.address, lines: ['  '] } }, 'Address line 1 is required'],
    ['country', { address: { ...complete.address, countryCode: '' } }, 'Country is required'],
  ])('refuses missing %s', (_what, change, message) => {
    expect(validateSubmission({ ...complete, ...change }, now)).toEqual([message]);
  });

  it('sends the architects entered in the details step', () => {
    const state = wizardReducer(complete, { type: 'setArchitects', names: ['Daniel Burnham'] });
    expect(createBuildingPayload(state).architects).toEqual(['Daniel Burnham']);
  });

  it('sends exactly the product §3 payload, empty address fields as null', () => {
    expect(createBuildingPayload(complete)).toEqual({
      name: 'Flatiron Building',
      place_id: null,
      year_built: 1902,
      year_demolished: null,
      description: null,
      coordinates: [-73.9897, 40.7411],
      architectural_styles: [4, 9],
      architects: [],
      address: {
        line1: '175 5th Ave',
        line2: null,
        line3: null,
        city: 'New York',
        state: null,
        postal_code: null,
        country_code: 'US',
      },
    });
  });

  it('sends the picked place id', () => {
    const picked = run([{ type: 'placePicked', place }], { ...complete, longitude: '', latitude: '' });
    expect(createBuildingPayload(picked)).toMatchObject({
      place_id: 'place-1',
      name: 'Flatiron Building',
      coordinates: [-73.9897, 40.7411],
    });
  });

  it('knows when something was entered, and reset empties the wizard', () => {
    expect(hasEnteredData(run([{ type: 'setDetail', field: 'description', value: 'x' }]))).toBe(true);
    expect(hasEnteredData(run([{ type: 'setAddressField', field: 'countryCode', value: 'FR' }]))).toBe(true);
    expect(hasEnteredData(complete)).toBe(true);
    expect(run([{ type: 'reset' }], complete)).toEqual(initialWizardState);
  });
});

describe('place calls (product §7)', () => {
  it('sends the picked place and the building name for parsing', () => {
    expect(parseAddressBody(place, 'Flatiron')).toEqual({
      place_info: {
        formattedAddress: place.formattedAddress,
        addressComponents: place.addressComponents,
        types: ['premise'],
        id: 'place-1',
      },
      building_name: 'Flatiron',
    });
  });

  it('labels a suggestion with its secondary text when there is one', () => {
    expect(suggestionLabel({ id: '1', primary_text: 'Flatiron', secondary_text: 'New York' })).toBe(
      'Flatiron, New York',
    );
    expect(suggestionLabel({ id: '1', primary_text: 'Flatiron', secondary_text: null })).toBe('Flatiron');
  });
});

describe('helpers', () => {
  it('makes a new 32-hex-digit session token each time', async () => {
    const { newSessionToken } = await import('./places.ts');
    const a = newSessionToken();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newSessionToken()).not.toBe(a);
  });
});

describe('location preview (product §2 and 9)', () => {
  it('shows the world at zoom 2 centred on New York, the building at zoom 15', async () => {
    const { previewView } = await import('./preview.ts');
    expect(previewView(null)).toEqual({ center: [-74.006, 40.7128], zoom: 2 });
    expect(previewView([2.29, 48.85])).toEqual({ center: [2.29, 48.85], zoom: 15 });
  });
});

describe('image licence and credit', () => {
  it('starts at CC BY-SA 4.0 with a blank credit, keeps a choice and forgets it on reset', () => {
    expect(initialWizardState.imageCredit).toEqual({ license: 'CC-BY-SA-4.0', author: '' });
    const chosen = wizardReducer(initialWizardState, {
      type: 'setImageCredit',
      credit: { license: 'CC0-1.0', author: 'Ada' },
    });
    expect(chosen.imageCredit).toEqual({ license: 'CC0-1.0', author: 'Ada' });
    expect(wizardReducer(chosen, { type: 'reset' }).imageCredit).toEqual(initialWizardState.imageCredit);
  });
});

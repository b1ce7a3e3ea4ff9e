// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  problem,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  stubBrowserApis,
  testUser,
} from '../../../testing/render.tsx';
import { useAuthModal } from '../../../lib/auth/auth-provider.tsx';
import type * as UploadModule from '../lib/upload-images.ts';
import { AddBuildingButton } from './add-building-button.tsx';

const uploadImages = vi.hoisted(() => vi.fn());
vi.mock('../lib/upload-images.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof UploadModule>()),
  uploadImages,
}));
// WebGL does not exist in the test DOM (happy-dom): the preview map is tested in the browser journey.
vi.mock('./location-preview-map.tsx', () => ({
  LocationPreviewMap: ({ coordinates }: { coordinates: [number, number] | null }) => (
    <div data-testid="preview">{coordinates ? coordinates.join(',') : 'world'}</div>
  ),
}));

const styles = [
  { id: 4, name: 'Beaux-Arts' },
  { id: 9, name: 'Chicago School' },
];
const place = {
  id: 'place-1',
  displayName: 'Flatiron Building',
  formattedAddress: '175 5th Ave, New York, NY 10010, USA',
  location: { latitude: 40.7411, longitude: -73.9897 },
  viewport: null,
  addressComponents: [],
  types: ['premise'],
};
const parsed = {
  success: true,
  error: null,
  address: {
    line1: '175 5th Ave',
    line2: null,
    line3: null,
    city: 'New York',
    state: 'NY',
    postal_code: '10010',
    country_code: 'US',
  },
};

/** Shows the auth modal's state, as the app's auth modal would. */
function AuthModalProbe() {
  const { state } = useAuthModal();
  return state.isOpen ? (
    <p data-testid="auth-modal">
      {state.title} / {state.message}
    </p>
  ) : null;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderButton(signedIn = true) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="*" element={<AddBuildingButton />} />
      </Routes>
      <Where />
      <AuthModalProbe />
    </>,
    { queryClient: queryClientSignedIn(signedIn ? testUser : null) },
  );
}

const user = () => userEvent.setup({ applyAccept: false });
const dialog = () => screen.getByRole('dialog');
const button = (name: string | RegExp) => within(dialog()).getByRole('button', { name });
const field = (name: string | RegExp) => within(dialog()).getByRole('textbox', { name });

async function openWizard() {
  await user().click(screen.getByRole('button', { name: 'Add New Building' }));
  // The wizard's module loads on first opening; compiling it can take seconds here.
  await screen.findByRole('dialog', undefined, { timeout: 20_000 });
}

async function enterManually(name = 'Flatiron Building') {
  await user().click(await within(dialog()).findByText('Enter Manually'));
  await user().type(field(/^Name/), name);
  await user().type(field('Longitude'), '-73.9897');
  await user().type(field('Latitude'), '40.7411');
}

async function pickStyle(name: string) {
  await user().click(within(dialog()).getByRole('combobox', { name: /Architectural styles/ }));
  await user().click(await screen.findByRole('option', { name }));
}

async function addImage(name = 'front.jpg') {
  const input = dialog().querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user().upload(input, [new File([new Uint8Array(3)], name, { type: 'image/jpeg' })]);
}

async function pickType(itemName: RegExp, label: string) {
  const item = within(dialog()).getByRole('listitem', { name: itemName });
  await user().click(within(item).getByRole('combobox', { name: /^Type/ }));
  await user().click(await screen.findByRole('option', { name: label }));
}

const baseHandlers = (provider: string | null = null) => ({
  'GET /api/places/provider': () => json({ provider }),
  'GET /api/architectural_styles/': () => json(styles),
});

describe('Create Building wizard (product §2, 4, 5)', () => {
  beforeEach(() => {
    stubBrowserApis();
    uploadImages.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("asks a visitor to log in: 'Login to Add Building'", async () => {
    stubFetch(baseHandlers());
    renderButton(false);
    await user().click(screen.getByRole('button', { name: 'Add New Building' }));
    expect(screen.getByTestId('auth-modal').textContent).toBe(
      'Login to Add Building / You need to be logged in to add a building.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says place search is unavailable for now when the question about it failed', async () => {
    stubFetch({
      ...baseHandlers(),
      'GET /api/places/provider': () => problem(503, 'Service Unavailable', 'The database is not reachable'),
    });
    renderButton();
    await openWizard();
    expect(
      await within(dialog()).findByText(
        'Place search is unavailable right now, so please enter the location manually.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(field(/^Name/)).toBeTruthy();
  });

  it('walks the 4 steps with n of 4, Previous and Next; without place search it enters manually', async () => {
    stubFetch(baseHandlers(null));
    renderButton();
    await openWizard();
    expect(within(dialog()).getByText('1 of 4')).toBeTruthy();
    expect(
      await within(dialog()).findByText(
        'Place search is not set up on this site, so please enter the location manually.',
      ),
    ).toBeTruthy();
    expect(field(/^Name/)).toBeTruthy();
    expect(button('Next')).toHaveProperty('disabled', true);
    expect(button('Previous')).toHaveProperty('disabled', true);

    await enterManually();
    expect(screen.getByTestId('preview').textContent).toBe('-73.9897,40.7411');
    await user().click(button('Next'));
    expect(within(dialog()).getByText('2 of 4')).toBeTruthy();
    expect(within(dialog()).getByText('Please enter the address information')).toBeTruthy();
    await user().click(button('Next'));
    expect(within(dialog()).getByText('3 of 4')).toBeTruthy();
    expect(within(dialog()).getByText('Tell us more about it')).toBeTruthy();
    await user().click(button('Next'));
    expect(within(dialog()).getByText('4 of 4')).toBeTruthy();
    expect(within(dialog()).getByText('Add some images... at least one!')).toBeTruthy();
    expect(button('Create Building')).toBeTruthy();

    await user().click(button('Previous'));
    expect(within(dialog()).getByText('3 of 4')).toBeTruthy();
    await user().click(button('Previous'));
    await user().click(button('Previous'));
    expect(field(/^Name/)).toHaveProperty('value', 'Flatiron Building');
  });

  it('says a missing address line 1 and style when the user leaves the field, and still advances', async () => {
    stubFetch(baseHandlers(null));
    renderButton();
    await openWizard();
    await enterManually();
    await user().click(button('Next'));
    const line1 = field(/^Address line 1/);
    expect(within(dialog()).queryByText('Address line 1 is required')).toBeNull();
    await user().click(line1);
    await user().tab();
    expect(within(dialog()).getByText('Address line 1 is required')).toBeTruthy();
    await user().type(line1, '175 Fifth Avenue');
    expect(within(dialog()).queryByText('Address line 1 is required')).toBeNull();

    await user().click(button('Next'));
    expect(within(dialog()).getByText('3 of 4')).toBeTruthy();
    const message = 'Please select at least one architectural style';
    expect(within(dialog()).queryByText(message)).toBeNull();
    await user().click(within(dialog()).getByRole('combobox', { name: /Architectural styles/ }));
    await user().click(within(dialog()).getByRole('textbox', { name: 'Description' }));
    expect(within(dialog()).getByText(message)).toBeTruthy();
    // Advancing stays allowed (product §4): the step does not block on it.
    await user().click(button('Next'));
    expect(within(dialog()).getByText('4 of 4')).toBeTruthy();
  });

  it("preselects the country the coordinates lie in, asked once they rest; the user's own choice wins", async () => {
    const { calls } = stubFetch({
      ...baseHandlers(null),
      'GET /api/places/country': (_init, url) => {
        const lat = Number(new URL(url, 'http://x').searchParams.get('lat'));
        return json({ country_code: lat > 50 ? 'GB' : lat > 45 ? 'FR' : null });
      },
    });
    renderButton();
    await openWizard();
    await user().click(await within(dialog()).findByText('Enter Manually'));
    await user().type(field(/^Name/), 'Palace of Westminster');
    await user().type(field('Longitude'), '-0.1246');
    await user().type(field('Latitude'), '51.5007');
    const country = () => within(dialog()).queryByRole('combobox', { name: /^Country/ });
    const countryCalls = () => calls.filter((c) => c.url.includes('/places/country'));
    await waitFor(() => expect(countryCalls()).toHaveLength(1));
    // Debounced: one question for the whole number, rounded to 4 decimals.
    expect(countryCalls()[0]?.url).toContain('/api/places/country?lng=-0.1246&lat=51.5007');
    await user().click(button('Next'));
    await waitFor(() => expect(country()).toHaveProperty('value', 'United Kingdom'));
    expect(within(dialog()).getByText('From the coordinates')).toBeTruthy();

    // Other coordinates, another country; at sea, back to the default.
    await user().click(button('Previous'));
    await user().clear(field('Latitude'));
    await user().type(field('Latitude'), '48.8584');
    await user().click(button('Next'));
    await waitFor(() => expect(country()).toHaveProperty('value', 'France'));
    await user().click(button('Previous'));
    await user().clear(field('Latitude'));
    await user().type(field('Latitude'), '40.5');
    await user().click(button('Next'));
    await waitFor(() => expect(country()).toHaveProperty('value', 'United States of America'));
    expect(within(dialog()).queryByText('From the coordinates')).toBeNull();

    // The user picks a country: new coordinates no longer change it, and nothing more is asked.
    await user().click(button('Previous'));
    await user().clear(field('Latitude'));
    await user().type(field('Latitude'), '51.5007');
    await user().click(button('Next'));
    await waitFor(() => expect(country()).toHaveProperty('value', 'United Kingdom'));
    const combobox = country();
    if (!combobox) throw new Error('no country selector');
    await user().clear(combobox);
    await user().type(combobox, 'Irel');
    await user().click(await screen.findByRole('option', { name: 'Ireland' }));
    expect(country()).toHaveProperty('value', 'Ireland');
    const asked = countryCalls().length;
    await user().click(button('Previous'));
    await user().clear(field('Latitude'));
    await user().type(field('Latitude'), '48.8584');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await user().click(button('Next'));
    expect(country()).toHaveProperty('value', 'Ireland');
    expect(countryCalls()).toHaveLength(asked);
  });

  it("adds address lines up to 3; '×' removes line 2 (line 3 shifts up) or line 3", async () => {
    stubFetch(baseHandlers());
    renderButton();
    await openWizard();
    await enterManually();
    await user().click(button('Next'));

    await user().click(button('+ Add address line'));
    await user().click(button('+ Add address line'));
    expect(within(dialog()).queryByRole('button', { name: '+ Add address line' })).toBeNull();
    await user().type(field(/^Address line 1/), 'one');
    await user().type(field('Address line 2'), 'two');
    await user().type(field('Address line 3'), 'three');

    await user().click(button('Remove address line 2'));
    expect(field('Address line 2')).toHaveProperty('value', 'three');
    expect(within(dialog()).queryByRole('textbox', { name: 'Address line 3' })).toBeNull();
    await user().click(button('+ Add address line'));
    expect(field('Address line 3')).toHaveProperty('value', '');
    await user().click(button('Remove address line 3'));
    expect(within(dialog()).queryByRole('textbox', { name: 'Address line 3' })).toBeNull();
    expect(within(dialog()).queryByRole('button', { name: 'Remove address line 1' })).toBeNull();
    expect(within(dialog()).getByRole('combobox', { name: /^Country/ })).toHaveProperty(
      'value',
      'United States of America',
    );
  });

  it("searches places (debounced, with a session token), fills the place, shows 'Processing Address...' and the parsed address", async () => {
    let releaseParse: () => void = () => {};
    const { calls } = stubFetch({
      ...baseHandlers('google'),
      'GET /api/places/autocomplete': () =>
        json({
          suggestions: [{ id: 'place-1', primary_text: 'Flatiron Building', secondary_text: 'New York' }],
        }),
      'GET /api/places/details/place-1': () => json(place),
      'POST /api/parse-address': () =>
        new Promise<Response>((resolve) => {
          releaseParse = () => resolve(json(parsed));
        }),
    });
    renderButton();
    await openWizard();
    const search = await within(dialog()).findByRole('combobox', { name: /Search for the building/ });
    await user().type(search, 'Flatiron');
    await user().click(await screen.findByRole('option', { name: 'Flatiron Building, New York' }));
    expect(await within(dialog()).findByText('175 5th Ave, New York, NY 10010, USA')).toBeTruthy();

    const autocompletes = calls.filter((c) => c.url.includes('/places/autocomplete'));
    // Debounced: one request for the whole word, not one per keystroke.
    expect(autocompletes).toHaveLength(1);
    const token = new URL(autocompletes[0]?.url ?? '', 'http://x').searchParams.get('session_token');
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(calls.find((c) => c.url.includes('/places/details/'))?.url).toContain(`session_token=${token}`);

    await user().click(button('Next'));
    expect(await within(dialog()).findByRole('button', { name: 'Processing Address...' })).toBeTruthy();
    releaseParse();
    expect(
      await within(dialog()).findByText("We've filled in the address - please review and adjust if needed"),
    ).toBeTruthy();
    expect(field(/^Address line 1/)).toHaveProperty('value', '175 5th Ave');
    expect(calls.find((c) => c.url.endsWith('/parse-address'))?.body).toEqual({
      place_info: {
        formattedAddress: place.formattedAddress,
        addressComponents: [],
        types: ['premise'],
        id: 'place-1',
      },
      building_name: 'Flatiron Building',
    });
  });

  it('goes on to the address when parsing fails', async () => {
    stubFetch({
      ...baseHandlers('osm'),
      'GET /api/places/autocomplete': () =>
        json({ suggestions: [{ id: 'place-1', primary_text: 'Flatiron Building', secondary_text: null }] }),
      'GET /api/places/details/place-1': () => json(place),
      'POST /api/parse-address': () => problem(502, 'Bad Gateway', 'down'),
    });
    renderButton();
    await openWizard();
    await user().type(
      await within(dialog()).findByRole('combobox', { name: /Search for the building/ }),
      'Flat',
    );
    await user().click(await screen.findByRole('option', { name: 'Flatiron Building' }));
    await within(dialog()).findByText('175 5th Ave, New York, NY 10010, USA');
    await user().click(button('Next'));
    expect(await within(dialog()).findByText('Please enter the address information')).toBeTruthy();
    expect(field(/^Address line 1/)).toHaveProperty('value', '');
  });

  it('shows the submit messages, then creates the building, uploads its images and opens its page', async () => {
    const { calls } = stubFetch({
      ...baseHandlers(),
      'POST /api/buildings/': () => json({ building: { id: 42 } }, 201),
    });
    let progress: (text: string | null) => void = () => {};
    let finishUpload: () => void = () => {};
    uploadImages.mockImplementation((options: { onProgress: (text: string | null) => void }) => {
      progress = options.onProgress;
      return new Promise((resolve) => {
        finishUpload = () => resolve({ uploadedIds: [1], failedCount: 0, failedIndexes: [] });
      });
    });
    const { queryClient } = renderButton();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await openWizard();
    await enterManually();
    await user().click(button('Next'));
    await user().type(field(/^Address line 1/), '175 5th Ave');
    await user().click(button('Next'));
    await user().type(field('Year built'), '1902');
    await user().click(button('Next'));

    await user().click(button('Create Building'));
    const alert = within(dialog()).getByRole('alert');
    expect(alert.textContent).toContain('Please select at least one architectural style');
    expect(alert.textContent).toContain('Please add at least one image');

    await addImage('front.jpg');
    await user().click(button('Create Building'));
    expect(within(dialog()).getByRole('alert').textContent).toContain('Please select a type for each image');

    await user().click(button('Previous'));
    await pickStyle('Chicago School');
    await user().click(button('Next'));
    await pickType(/front\.jpg/, 'Exterior');
    await user().type(field('Capture year'), '19a99x9');
    expect(field('Capture year')).toHaveProperty('value', '1999');
    await user().click(button('Create Building'));

    expect(
      await within(dialog()).findByRole('button', { name: 'Creating Building & Uploading Images...' }),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Flatiron Building',
      place_id: null,
      year_built: 1902,
      year_demolished: null,
      description: null,
      coordinates: [-73.9897, 40.7411],
      architectural_styles: [9],
      architects: [],
      address: {
        line1: '175 5th Ave',
        line2: null,
        line3: null,
        city: null,
        state: null,
        postal_code: null,
        country_code: 'US',
      },
    });
    await waitFor(() => expect(uploadImages).toHaveBeenCalled());
    const [{ buildingId, items }] = uploadImages.mock.calls[0] as [
      {
        buildingId: number;
        items: { file: File; type: string; description: string | null; captureYear: number | null }[];
      },
    ];
    expect(buildingId).toBe(42);
    expect(items.map((i) => ({ ...i, file: i.file.name }))).toEqual([
      { file: 'front.jpg', type: 'exterior', description: null, captureYear: 1999 },
    ]);
    progress('Processing thumbnails... (0/1 complete)');
    expect(
      await within(dialog()).findByRole('button', { name: 'Processing thumbnails... (0/1 complete)' }),
    ).toBeTruthy();
    finishUpload();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/buildings/42'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['buildings'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  async function fillToLastStep() {
    await openWizard();
    await enterManually();
    await user().click(button('Next'));
    await user().type(field(/^Address line 1/), '175 5th Ave');
    await user().click(button('Next'));
    await pickStyle('Beaux-Arts');
    await user().click(button('Next'));
    await addImage('front.jpg');
    await pickType(/front\.jpg/, 'Plans');
  }

  it('a duplicate alerts and goes to the building that exists', async () => {
    stubFetch({
      ...baseHandlers(),
      'POST /api/buildings/': () =>
        json({ type: 'about:blank', title: 'Conflict', status: 409, detail: 'exists', building_id: 7 }, 409),
    });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    renderButton();
    await fillToLastStep();
    await user().click(button('Create Building'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/buildings/7'));
    expect(alert).toHaveBeenCalledWith(
      'A building at this location already exists. Redirecting you to that building.',
    );
    expect(uploadImages).not.toHaveBeenCalled();
  });

  it("another failure alerts 'Failed to create building' and keeps everything typed; closing asks first", async () => {
    stubFetch({
      ...baseHandlers(),
      'POST /api/buildings/': () => problem(500, 'Internal Server Error', 'x'),
    });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    renderButton();
    await fillToLastStep();
    await user().click(button('Create Building'));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to create building'));
    expect(button('Create Building')).toHaveProperty('disabled', false);
    expect(within(dialog()).getByRole('listitem', { name: /front\.jpg/ })).toBeTruthy();

    await user().click(button('Close'));
    expect(confirm).toHaveBeenCalledWith('Discard the building you started adding?');
    expect(screen.getByRole('dialog')).toBeTruthy();
    confirm.mockReturnValue(true);
    await user().click(button('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await openWizard();
    expect(within(dialog()).getByText('1 of 4')).toBeTruthy();
    expect(field(/^Name/)).toHaveProperty('value', '');
  });
});

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
import french from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
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
/** Puts text into a box in one input event: typing it key by key re-renders the wizard each time. */
async function fill(name: string | RegExp, text: string) {
  await user().click(field(name));
  await user().paste(text);
}

async function openWizard() {
  await user().click(screen.getByRole('button', { name: 'Add New Building' }));
  // The wizard's module loads on first opening; compiling it can take seconds here.
  await screen.findByRole('dialog', undefined, { timeout: 20_000 });
}

async function enterManually(name = 'Flatiron Building') {
  await user().click(await within(dialog()).findByText('Enter Manually'));
  await fill(/^Name/, name);
  await fill('Longitude', '-73.9897');
  await fill('Latitude', '40.7411');
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

/**
 * One path through each step in the browser-like DOM. The rules behind each step (validity,
 * address lines, country preselection, capture year, payload, submit messages) are the reducer's
 * and are tested in model/wizard.test.ts; what a refused building does is in
 * hooks/use-submit-building.test.tsx.
 */
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

  it('walks the 4 steps entering the location by hand, then creates the building, uploads its images and opens its page', async () => {
    const { calls } = stubFetch({
      ...baseHandlers(),
      // The question about place search fails: manual entry, and the step says why.
      'GET /api/places/provider': () => problem(503, 'Service Unavailable', 'The database is not reachable'),
      'GET /api/places/country': () => json({ country_code: 'US' }),
      'POST /api/buildings/': () => json({ building: { id: 42 } }, 201),
    });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
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

    // 1 Location
    expect(within(dialog()).getByText('1 of 4')).toBeTruthy();
    expect(
      await within(dialog()).findByText(
        'Place search is unavailable right now, so please enter the location manually.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(button('Next')).toHaveProperty('disabled', true);
    expect(button('Previous')).toHaveProperty('disabled', true);
    await enterManually();
    expect(screen.getByTestId('preview').textContent).toBe('-73.9897,40.7411');
    // Closing with something typed asks first; declining keeps the wizard.
    await user().click(button('Close'));
    expect(confirm).toHaveBeenCalledWith('Discard the building you started adding?');
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user().click(button('Next'));

    // 2 Address: the country the coordinates lie in, asked once with them rounded.
    expect(within(dialog()).getByText('2 of 4')).toBeTruthy();
    expect(within(dialog()).getByText('Please enter the address information')).toBeTruthy();
    // Asked once the coordinates rest (debounced 400 ms).
    expect(await within(dialog()).findByText('From the coordinates', {}, { timeout: 5_000 })).toBeTruthy();
    const countryCalls = calls.filter((c) => c.url.includes('/places/country'));
    expect(countryCalls).toHaveLength(1);
    expect(countryCalls[0]?.url).toContain('/api/places/country?lng=-73.9897&lat=40.7411');
    await fill(/^Address line 1/, '175 5th Ave');
    await user().click(button('Next'));

    // 3 Details
    expect(within(dialog()).getByText('3 of 4')).toBeTruthy();
    expect(within(dialog()).getByText('Tell us more about it')).toBeTruthy();
    await fill('Year built', '1902');
    await user().click(button('Next'));

    // 4 Images, and the submit messages
    expect(within(dialog()).getByText('4 of 4')).toBeTruthy();
    expect(within(dialog()).getByText('Add some images... at least one!')).toBeTruthy();
    await user().click(button('Create Building'));
    const alert = within(dialog()).getByRole('alert');
    expect(alert.textContent).toContain('Please select at least one architectural style');
    expect(alert.textContent).toContain('Please add at least one image');

    await addImage('front.jpg');
    await user().click(button('Create Building'));
    expect(within(dialog()).getByRole('alert').textContent).toContain('Please select a type for each image');

    await user().click(button('Previous'));
    expect(within(dialog()).getByText('3 of 4')).toBeTruthy();
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
  it('speaks French through steps 2 to 4: country names in French, field and step messages', async () => {
    setCatalogue('fr', french);
    stubFetch({ ...baseHandlers(), 'GET /api/places/country': () => json({ country_code: 'DE' }) });
    renderButton();
    await user().click(screen.getByRole('button', { name: 'Ajouter un bâtiment' }));
    await screen.findByRole('dialog', undefined, { timeout: 20_000 });
    await user().click(await within(dialog()).findByText('Saisir manuellement'));
    await fill(/^Nom/, 'Bauhaus-Gebäude');
    await fill('Longitude', '12.2274');
    await fill('Latitude', '51.8394');
    await user().click(button('Suivant'));

    // 2 Address: the country the coordinates lie in, named in French.
    expect(within(dialog()).getByText('Veuillez saisir l’adresse')).toBeTruthy();
    expect(await within(dialog()).findByText('D’après les coordonnées', {}, { timeout: 5_000 })).toBeTruthy();
    const country = within(dialog()).getByRole<HTMLInputElement>('combobox', { name: /^Pays/ });
    await waitFor(() => expect(country.value).toBe('Allemagne'));
    await user().click(field(/^Ligne d’adresse 1/));
    await user().tab();
    expect(within(dialog()).getByText('La ligne d’adresse 1 est obligatoire')).toBeTruthy();
    await user().click(button('+ Ajouter une ligne d’adresse'));
    expect(field('Ligne d’adresse 2')).toBeTruthy();
    await fill(/^Ligne d’adresse 1/, 'Gropiusallee 38');
    await user().click(button('Suivant'));

    // 3 Details: the year range message with its years.
    expect(within(dialog()).getByText('Parlez-nous-en davantage')).toBeTruthy();
    const stylesBox = within(dialog()).getByRole('combobox', { name: /^Styles architecturaux/ });
    expect(stylesBox.getAttribute('placeholder')).toBe('Rechercher des styles');
    await fill('Année de construction', '3000');
    const year = new Date().getFullYear();
    expect(
      within(dialog()).getByText(`L’année de construction doit être comprise entre -10000 et ${year}`),
    ).toBeTruthy();
    await user().clear(field('Année de construction'));
    await user().click(button('Suivant'));

    // 4 Images, and the submit messages.
    expect(within(dialog()).getByText('Ajoutez des images… au moins une !')).toBeTruthy();
    expect(
      within(dialog()).getByText('Glissez des images ici ou cliquez pour choisir des fichiers'),
    ).toBeTruthy();
    await user().click(button('Créer le bâtiment'));
    const alert = within(dialog()).getByRole('alert');
    expect(alert.textContent).toContain('Veuillez choisir au moins un style architectural');
    expect(alert.textContent).toContain('Veuillez ajouter au moins une image');
  });
});

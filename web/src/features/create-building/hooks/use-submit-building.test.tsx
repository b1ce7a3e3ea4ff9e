// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  problem,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  testUser,
} from '../../../testing/render.tsx';
import type * as UploadModule from '../lib/upload-images.ts';
import { initialWizardState, wizardReducer, type WizardAction, type WizardState } from '../model/wizard.ts';
import { useSubmitBuilding } from './use-submit-building.ts';

const uploadImages = vi.hoisted(() => vi.fn());
vi.mock('../lib/upload-images.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof UploadModule>()),
  uploadImages,
}));

/** A wizard that passes every rule: the building and one typed image. */
const complete = (
  [
    { type: 'setName', value: 'Flatiron Building' },
    { type: 'setCoordinate', field: 'longitude', value: '-73.9897' },
    { type: 'setCoordinate', field: 'latitude', value: '40.7411' },
    { type: 'setAddressLine', index: 0, value: '175 5th Ave' },
    { type: 'setStyles', ids: [4] },
    { type: 'addImages', images: [{ key: 'a', file: new File(['x'], 'front.jpg', { type: 'image/jpeg' }) }] },
    { type: 'setImageType', key: 'a', imageType: 'plans' },
  ] satisfies WizardAction[]
).reduce(wizardReducer, initialWizardState);

function Submitter({
  state,
  onCreated,
  onDuplicate,
}: {
  state: WizardState;
  onCreated: () => void;
  onDuplicate: () => void;
}) {
  const { submit, buttonText } = useSubmitBuilding({ onCreated, onDuplicate });
  return (
    <>
      <button type="button" onClick={() => void submit(state)}>
        {buttonText}
      </button>
      <p data-testid="where">{useLocation().pathname}</p>
    </>
  );
}

function renderSubmitter() {
  const onCreated = vi.fn();
  const onDuplicate = vi.fn();
  renderWithProviders(<Submitter state={complete} onCreated={onCreated} onDuplicate={onDuplicate} />, {
    queryClient: queryClientSignedIn(testUser),
    path: '/',
  });
  return { onCreated, onDuplicate, where: () => screen.getByTestId('where').textContent };
}

describe('creating the building (product §4 and §8: what a refused building does)', () => {
  beforeEach(() => {
    uploadImages.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a duplicate alerts, closes the wizard and goes to the building that exists, uploading nothing', async () => {
    stubFetch({
      'POST /api/buildings/': () =>
        json({ type: 'about:blank', title: 'Conflict', status: 409, detail: 'exists', building_id: 7 }, 409),
    });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { onCreated, onDuplicate, where } = renderSubmitter();
    fireEvent.click(screen.getByRole('button', { name: 'Create Building' }));
    await waitFor(() => expect(where()).toBe('/buildings/7'));
    expect(alert).toHaveBeenCalledWith(
      'A building at this location already exists. Redirecting you to that building.',
    );
    expect(onDuplicate).toHaveBeenCalledOnce();
    expect(onCreated).not.toHaveBeenCalled();
    expect(uploadImages).not.toHaveBeenCalled();
  });

  it("another failure alerts 'Failed to create building' and stays: the wizard keeps what was typed", async () => {
    stubFetch({ 'POST /api/buildings/': () => problem(500, 'Internal Server Error', 'x') });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { onCreated, onDuplicate, where } = renderSubmitter();
    fireEvent.click(screen.getByRole('button', { name: 'Create Building' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to create building'));
    // Ready for another try: the button is back, nothing closed or reset, no page change.
    expect(screen.getByRole('button', { name: 'Create Building' })).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
    expect(onDuplicate).not.toHaveBeenCalled();
    expect(where()).toBe('/');
    expect(uploadImages).not.toHaveBeenCalled();
  });
});

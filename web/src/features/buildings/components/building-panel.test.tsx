// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuildingDetail } from '#domain/building-detail';
import {
  json,
  problem,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  stubBrowserApis,
  testUser,
} from '../../../testing/render.tsx';
import { BuildingPanel } from './building-panel.tsx';

const building: BuildingDetail = {
  id: 12,
  name: 'Eiffel Tower',
  coordinates: [2.2945, 48.8584],
  year_built: 1889,
  year_demolished: null,
  place_id: null,
  description: 'Wrought-iron lattice tower',
  architectural_styles: [{ id: 3, name: 'Structural Expressionism' }],
  architects: [],
  images: [{ id: 1, url: '/media/eiffel.webp' }],
  cover_image: null,
  image_count: 1,
  views: 1,
  vote_stats: { net_votes: 0, upvotes: 0, meh_votes: 0, downvotes: 0 },
  user_vote: null,
  added_by: { id: testUser.id, handle: testUser.handle },
  address: {
    line1: 'Champ de Mars',
    line2: null,
    line3: null,
    city: 'Paris',
    state: null,
    postal_code: null,
    country_code: 'FR',
  },
  created_at: '2026-01-01T00:00:00Z',
};

const styles = [
  { id: 3, name: 'Structural Expressionism' },
  { id: 4, name: 'Gothic' },
];

function renderPanel({ signedIn = true, onDeleted = vi.fn(), slots = {} } = {}) {
  renderWithProviders(
    <BuildingPanel buildingId={12} onClose={() => {}} onDeleted={onDeleted} slots={slots} />,
    { queryClient: queryClientSignedIn(signedIn ? testUser : null) },
  );
  return { onDeleted };
}

describe('building panel (product §2 and 6)', () => {
  beforeEach(() => {
    stubBrowserApis();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the profile, the adder link, View Gallery, images and the filled slots', async () => {
    stubFetch({ 'GET /api/buildings/12': () => json(building) });
    renderPanel({
      signedIn: false,
      slots: {
        votes: (b: BuildingDetail) => <p>votes for {b.id}</p>,
        addToList: () => <button type="button">Add to List</button>,
        comments: (b: BuildingDetail) => <p>comments on {b.name}</p>,
        report: (b: BuildingDetail) => <p>report {b.id}</p>,
      },
    });
    expect(await screen.findByRole('heading', { name: 'Eiffel Tower' })).toBeTruthy();
    expect(screen.getByText('Built 1889')).toBeTruthy();
    expect(screen.getByRole('link', { name: testUser.handle }).getAttribute('href')).toBe(
      `/user/${testUser.handle}`,
    );
    expect(screen.getByRole('link', { name: 'View Gallery' }).getAttribute('href')).toBe('/gallery/12');
    expect(screen.getByRole('img', { name: 'Eiffel Tower, image 1' }).getAttribute('src')).toBe(
      '/media/eiffel.webp',
    );
    expect(screen.getByText('votes for 12')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to List' })).toBeTruthy();
    expect(screen.getByText('comments on Eiffel Tower')).toBeTruthy();
    // Signed out: no owner buttons.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();

    expect(screen.getByText('report 12')).toBeTruthy();
    expect(screen.queryByText('Hidden by moderators')).toBeNull();
  });

  it("marks the owner's building 'Hidden by moderators' when the API says it is hidden", async () => {
    stubFetch({ 'GET /api/buildings/12': () => json({ ...building, hidden: true }) });
    renderPanel();
    await screen.findByRole('heading', { name: 'Eiffel Tower' });
    expect(screen.getByText('Hidden by moderators')).toBeTruthy();
  });

  it('hides Edit and Delete from a signed-in user who did not add the building', async () => {
    stubFetch({
      'GET /api/buildings/12': () => json({ ...building, added_by: { id: 999, handle: 'someone' } }),
    });
    renderPanel();
    await screen.findByRole('heading', { name: 'Eiffel Tower' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('deletes after the confirmation and reports it', async () => {
    const { calls } = stubFetch({
      'GET /api/buildings/12': () => json(building),
      'DELETE /api/buildings/12': () => new Response(null, { status: 204 }),
    });
    const { onDeleted } = renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete building' });
    expect(within(dialog).getByText('Are you sure you want to delete this building?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/buildings/12')).toBe(true);
  });

  it('saves the edit form as a PUT of the building body with its id', async () => {
    const { calls } = stubFetch({
      'GET /api/buildings/12': () => json(building),
      'GET /api/architectural_styles/': () => json(styles),
      'PUT /api/buildings/12': () => json({ building: { id: 12 } }),
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit building' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), {
      target: { value: 'Tour Eiffel' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Latitude' }), {
      target: { value: '48.86, 2.29' },
    });
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Longitude' }).value).toBe('2.29');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Description' }), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      id: 12,
      name: 'Tour Eiffel',
      place_id: null,
      year_built: 1889,
      year_demolished: null,
      description: null,
      coordinates: [2.29, 48.86],
      architectural_styles: [3],
      architects: [],
      address: { ...building.address },
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit building' })).toBeNull());
  });

  it("keeps the form open with 'Failed to update building' when saving fails", async () => {
    stubFetch({
      'GET /api/buildings/12': () => json(building),
      'GET /api/architectural_styles/': () => json(styles),
      'PUT /api/buildings/12': () => problem(500, 'Internal Server Error', 'boom'),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit building' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Failed to update building')).toBeTruthy();
  });

  it("refuses to save invalid input: 'Invalid coordinates' and the year order", async () => {
    const { calls } = stubFetch({
      'GET /api/buildings/12': () => json(building),
      'GET /api/architectural_styles/': () => json(styles),
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit building' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Longitude' }), { target: { value: '' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Year demolished' }), {
      target: { value: '1800' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Invalid coordinates')).toBeTruthy();
    expect(within(form).getByText('Year demolished cannot be before year built')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

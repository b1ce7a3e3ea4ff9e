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
import french from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
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

/** The edit form's module loads at the first opening; compiling it can take seconds on a busy machine. */
const FORM_LOADS = { timeout: 10_000 };

const styles = [
  { id: 3, name: 'Structural Expressionism' },
  { id: 4, name: 'Gothic' },
];

function renderPanel({ signedIn = true, onDeleted = vi.fn(), slots = {}, user = testUser } = {}) {
  renderWithProviders(
    <BuildingPanel buildingId={12} onClose={() => {}} onDeleted={onDeleted} slots={slots} />,
    { queryClient: queryClientSignedIn(signedIn ? user : null) },
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
    const form = await screen.findByRole('form', { name: 'Edit building' }, FORM_LOADS);
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
    const form = await screen.findByRole('form', { name: 'Edit building' }, FORM_LOADS);
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
    const form = await screen.findByRole('form', { name: 'Edit building' }, FORM_LOADS);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Longitude' }), { target: { value: '' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Year demolished' }), {
      target: { value: '1800' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Invalid coordinates')).toBeTruthy();
    expect(within(form).getByText('Year demolished cannot be before year built')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("offers 'Suggest an edit' to a signed-in user who cannot edit: the same form sends only the changed fields", async () => {
    const { calls } = stubFetch({
      'GET /api/buildings/12': () => json({ ...building, added_by: { id: 999, handle: 'someone' } }),
      'GET /api/architectural_styles/': () => json(styles),
      'POST /api/buildings/12/suggestions': () => json({ id: 5, status: 'pending' }, 201),
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Suggest an edit' }));
    const form = await screen.findByRole('form', { name: 'Suggest an edit' }, FORM_LOADS);
    fireEvent.click(within(form).getByRole('button', { name: 'Send suggestion' }));
    expect(await within(form).findByText('Change at least one field to suggest an edit.')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), {
      target: { value: 'Tour Eiffel' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Note to the reviewers/ }), {
      target: { value: 'The French name' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send suggestion' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Tour Eiffel',
      note: 'The French name',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Suggest an edit' })).toBeNull());
  });

  it('shows a visitor the History but neither Suggest an edit nor Suggestions', async () => {
    stubFetch({
      'GET /api/buildings/12': () => json(building),
      'GET /api/buildings/12/revisions': () =>
        json({
          items: [
            {
              id: 3,
              created_at: '2026-01-02T00:00:00Z',
              kind: 'suggestion',
              author: { handle: 'bob' },
              changes: { name: { from: 'Eiffel', to: 'Eiffel Tower' } },
            },
          ],
          page: 1,
          per_page: 20,
          has_more: false,
        }),
    });
    renderPanel({ signedIn: false });
    fireEvent.click(await screen.findByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'History' });
    expect(await within(dialog).findByText('Suggestion accepted')).toBeTruthy();
    expect(within(dialog).getByText('bob')).toBeTruthy();
    expect(within(dialog).getByText('Eiffel Tower')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Revert/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Suggest an edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Suggestions/ })).toBeNull();
  });

  it('lets a moderator edit, delete and review the suggestions of a building someone else added', async () => {
    const suggestion = {
      id: 5,
      building: { id: 12, name: 'Eiffel Tower' },
      status: 'pending',
      created_at: '2026-01-02T00:00:00Z',
      author: { handle: 'bob' },
      changes: { year_built: { from: 1889, to: 1887 } },
      note: null,
      reviewed_at: null,
      reviewed_by: null,
    };
    const { calls } = stubFetch({
      'GET /api/buildings/12': () => json({ ...building, added_by: { id: 999, handle: 'someone' } }),
      'GET /api/buildings/12/suggestions': () =>
        json({ items: [suggestion], page: 1, per_page: 50, has_more: false }),
      'POST /api/buildings/12/suggestions/5/accept': () =>
        json({ id: 5, status: 'accepted', revision: { id: 9 } }),
    });
    renderPanel({ user: { ...testUser, role: 'moderator' } });
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suggest an edit' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Suggestions (1 pending)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suggested edits' });
    expect(await within(dialog).findByText('1887')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept the suggestion by bob' }));
    const confirm = await screen.findByRole('dialog', { name: 'Accept suggestion' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.url === '/api/buildings/12/suggestions/5/accept'),
      ).toBe(true),
    );
  });

  it('lets the owner revert to an earlier change after a confirmation; the newest change has no Revert', async () => {
    const revision = (id: number, kind: string, name: string) => ({
      id,
      created_at: '2026-01-02T00:00:00Z',
      kind,
      author: { handle: 'ada' },
      changes: { name: { from: null, to: name } },
    });
    const { calls } = stubFetch({
      'GET /api/buildings/12': () => json(building),
      'GET /api/buildings/12/suggestions': () => json({ items: [], page: 1, per_page: 50, has_more: false }),
      'GET /api/buildings/12/revisions': () =>
        json({
          items: [revision(8, 'edit', 'Eiffel Tower'), revision(7, 'create', 'Eiffel')],
          page: 1,
          per_page: 20,
          has_more: false,
        }),
      'POST /api/buildings/12/revisions/7/revert': () => json({ revision: { id: 9 } }, 201),
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'History' });
    await within(dialog).findByText('Added');
    const reverts = within(dialog).getAllByRole('button', { name: /^Revert/ });
    expect(reverts).toHaveLength(1);
    fireEvent.click(reverts[0]!);
    const confirm = await screen.findByRole('dialog', { name: 'Revert building' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revert' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/buildings/12/revisions/7/revert')).toBe(
        true,
      ),
    );
  });
  it('speaks French: the years with their era, the actions, the history and its field changes', async () => {
    setCatalogue('fr', french);
    stubFetch({
      'GET /api/buildings/12': () => json({ ...building, year_built: -2560, year_demolished: null }),
      'GET /api/buildings/12/suggestions': () => json({ items: [], page: 1, per_page: 50, has_more: false }),
      'GET /api/buildings/12/revisions': () =>
        json({
          items: [
            {
              id: 8,
              created_at: '2026-01-02T00:00:00Z',
              kind: 'edit',
              author: null,
              changes: {
                year_built: { from: null, to: -2560 },
                architectural_styles: { from: [], to: [{ id: 4, name: 'Gothic' }] },
              },
            },
          ],
          page: 1,
          per_page: 20,
          has_more: false,
        }),
    });
    renderPanel();
    expect(await screen.findByText('Construit en 2560 av. J.-C.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Partager' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Modifier' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Historique' }));
    const dialog = await screen.findByRole('dialog', { name: 'Historique' });
    expect(await within(dialog).findByText('Modifié')).toBeTruthy();
    expect(within(dialog).getByText('un compte supprimé')).toBeTruthy();
    expect(within(dialog).getByText('Année de construction :')).toBeTruthy();
    // Style names read in the page's language in the diff; the arrow is named for screen readers.
    expect(within(dialog).getByText('Gothique')).toBeTruthy();
    expect(within(dialog).getAllByRole('img', { name: 'remplacé par' }).length).toBe(2);
  });
});

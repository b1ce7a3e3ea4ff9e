// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { List } from '#domain/lists';
import * as toast from '../../../lib/toast/toast.ts';
import {
  json,
  problem,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  stubMatchMedia,
  testUser,
} from '../../../testing/render.tsx';
import { AddToListButton } from './add-to-list-button.tsx';
import { AddToListDialog } from './add-to-list-dialog.tsx';

const BUILDING = { id: 5, name: 'Town Hall' };

function list(id: number, name: string, buildingIds: number[]): List {
  return {
    id,
    name,
    is_public: false,
    owner: { id: testUser.id, handle: testUser.handle },
    buildings: buildingIds.map((b) => ({ id: b, name: `Building ${b}` })),
    created_at: '2026-11-01T00:00:00.000Z',
  };
}

function renderDialog(onDone = vi.fn()) {
  renderWithProviders(
    <AddToListDialog
      buildingId={BUILDING.id}
      buildingName={BUILDING.name}
      userHandle={testUser.handle}
      onDone={onDone}
    />,
    { queryClient: queryClientSignedIn(testUser) },
  );
  return onDone;
}

const submitButton = () => screen.getByRole('button', { name: 'Add to selected lists' });
const isDisabled = (element: HTMLElement) =>
  element.hasAttribute('disabled') || element.getAttribute('data-disabled') === 'true';

describe('Add to List dialog (product §2, 5, 6)', () => {
  beforeEach(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('disables and marks a list that already holds the building; submit needs one box checked', async () => {
    const { calls } = stubFetch({
      'GET /api/users/ada/lists': () =>
        json({ items: [list(1, 'Favourites', [5]), list(2, 'Brutalism', []), list(3, 'To visit', [9])] }),
      'POST /api/lists/2/buildings': () => json(list(2, 'Brutalism', [5])),
      'POST /api/lists/3/buildings': () => json(list(3, 'To visit', [9, 5])),
    });
    const shown = vi.spyOn(toast, 'showToast');
    const onDone = renderDialog();

    const held = await screen.findByRole('checkbox', { name: 'Favourites (building is already in list)' });
    expect((held as HTMLInputElement).disabled).toBe(true);
    expect((held as HTMLInputElement).checked).toBe(true);
    expect(isDisabled(submitButton())).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Brutalism' }));
    expect(isDisabled(submitButton())).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Brutalism' }));
    expect(isDisabled(submitButton())).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Brutalism' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'To visit' }));
    fireEvent.click(submitButton());

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.url, c.body])).toEqual([
      ['/api/lists/2/buildings', { buildingId: 5 }],
      ['/api/lists/3/buildings', { buildingId: 5 }],
    ]);
    expect(shown).toHaveBeenCalledWith({ message: 'Building "Town Hall" added to 2 lists', type: 'success' });
  });

  it('offers to create a first list when the user has none, and checks the new list', async () => {
    const created = list(8, 'Bridges', []);
    const { calls } = stubFetch({
      'GET /api/users/ada/lists': () => json({ items: [] }),
      'POST /api/lists/': () => json(created, 201),
    });
    renderDialog();
    expect(await screen.findByText('You have no lists yet. Create one to add this building.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'List name' }), { target: { value: ' Bridges ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Public (anyone can see this list)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create List' }));

    const box = await screen.findByRole('checkbox', { name: 'Bridges' });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Bridges', is_public: true });
    expect(isDisabled(submitButton())).toBe(false);
  });

  it('shows an error when the lists cannot be loaded, and keeps the dialog open when adding fails', async () => {
    stubFetch({ 'GET /api/users/ada/lists': () => problem(500, 'Internal Server Error', 'boom') });
    renderDialog();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Error loading lists');
    cleanup();

    stubFetch({
      'GET /api/users/ada/lists': () => json({ items: [list(2, 'Brutalism', [])] }),
      'POST /api/lists/2/buildings': () => problem(403, 'Forbidden', 'Not your list'),
    });
    const shown = vi.spyOn(toast, 'showToast');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onDone = renderDialog();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Brutalism' }));
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith({
        message: 'Failed to add the building to list "Brutalism"',
        type: 'error',
      }),
    );
    expect(onDone).not.toHaveBeenCalled();
  });

  it('the Add to List button shows only to signed-in users (product §6)', async () => {
    stubFetch({ 'GET /api/users/ada/lists': () => json({ items: [] }) });
    renderWithProviders(<AddToListButton buildingId={5} buildingName="Town Hall" />);
    expect(screen.queryByRole('button', { name: 'Add to List' })).toBeNull();
    cleanup();

    renderWithProviders(<AddToListButton buildingId={5} buildingName="Town Hall" />, {
      queryClient: queryClientSignedIn(testUser),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add to List' }));
    expect(await screen.findByRole('dialog', { name: 'Add to List' })).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import type { List } from '#domain/lists';
import fr from '#domain/messages/fr';
import ar from '#domain/messages/ar';
import { setCatalogue } from '../../../lib/i18n.ts';
import {
  LIST_TEXTS,
  addToListOptions,
  canSubmitAddToList,
  deleteListQuestion,
  listsToAddTo,
  removedFromListMessage,
  toggleListSelection,
  visibleLists,
  withList,
  withoutList,
} from './lists.ts';
import { addToListsFailedMessage, addedToListsMessage } from './add-to-list-messages.ts';

function list(id: number, buildingIds: number[], isPublic = false): List {
  return {
    id,
    name: `List ${id}`,
    is_public: isPublic,
    owner: { id: 7, handle: 'ada' },
    buildings: buildingIds.map((b) => ({ id: b, name: `Building ${b}` })),
    created_at: '2026-11-01T00:00:00.000Z',
  };
}

const BUILDING = 5;
const holding = list(1, [3, BUILDING]);
const empty = list(2, []);
const other = list(3, [9], true);
const lists = [holding, empty, other];

describe('Add to List dialog (product §2 and 5)', () => {
  it("disables and marks lists that already hold the building '(building is already in list)'", () => {
    const options = addToListOptions(lists, BUILDING, new Set());
    expect(options.map((o) => [o.holdsBuilding, o.checked, o.label])).toEqual([
      [true, true, 'List 1 (building is already in list)'],
      [false, false, 'List 2'],
      [false, false, 'List 3'],
    ]);
    expect(LIST_TEXTS.alreadyInList).toBe('(building is already in list)');
  });

  it('checks and unchecks a list; a list holding the building cannot be chosen', () => {
    let selected = toggleListSelection(new Set(), empty, BUILDING);
    expect([...selected]).toEqual([2]);
    selected = toggleListSelection(selected, other, BUILDING);
    expect([...selected].sort()).toEqual([2, 3]);
    selected = toggleListSelection(selected, empty, BUILDING);
    expect([...selected]).toEqual([3]);
    expect([...toggleListSelection(selected, holding, BUILDING)]).toEqual([3]);
  });

  it('at least one box must be checked (disabled lists do not count)', () => {
    expect(canSubmitAddToList(lists, BUILDING, new Set())).toBe(false);
    expect(canSubmitAddToList(lists, BUILDING, new Set([1]))).toBe(false);
    expect(canSubmitAddToList(lists, BUILDING, new Set([2]))).toBe(true);
  });

  it('submits to every checked list that does not hold the building yet, in display order', () => {
    expect(listsToAddTo(lists, BUILDING, new Set([3, 1, 2])).map((l) => l.id)).toEqual([2, 3]);
    // A list deleted meanwhile is simply not there any more.
    expect(listsToAddTo(lists, BUILDING, new Set([42]))).toEqual([]);
  });

  it('names the list in the success toast, or counts the lists', () => {
    expect(addedToListsMessage('Town Hall', ['Favourites'])).toBe(
      'Building "Town Hall" added to list "Favourites"',
    );
    expect(addedToListsMessage('Town Hall', ['A', 'B'])).toBe('Building "Town Hall" added to 2 lists');
  });
});

describe('lists on the user page (product §4, 5, 6, 8)', () => {
  it('the owner sees every list, anyone else only public ones', () => {
    expect(visibleLists(lists, true).map((l) => l.id)).toEqual([1, 2, 3]);
    expect(visibleLists(lists, false).map((l) => l.id)).toEqual([3]);
  });

  it('replaces a changed list in place, puts a new one first (newest first), removes a deleted one', () => {
    const changed = { ...empty, is_public: true };
    expect(withList(lists, changed)[1]).toBe(changed);
    expect(withList(lists, list(4, [])).map((l) => l.id)).toEqual([4, 1, 2, 3]);
    expect(withoutList(lists, 2).map((l) => l.id)).toEqual([1, 3]);
  });

  it('the delete prompt says it cannot be undone; removal has the toast of product §8', () => {
    expect(deleteListQuestion('Favourites')).toContain('cannot be undone');
    expect(removedFromListMessage('Town Hall', 'Favourites')).toBe(
      'Building "Town Hall" removed from list "Favourites"',
    );
  });
});

describe('list messages in the page language', () => {
  it('names and counts the lists in French and Arabic', () => {
    setCatalogue('fr', fr);
    expect(removedFromListMessage('Town Hall', 'Favourites')).toBe(
      'Bâtiment « Town Hall » retiré de la liste « Favourites »',
    );
    expect(addedToListsMessage('Town Hall', ['A', 'B'])).toBe('Bâtiment « Town Hall » ajouté à 2 listes');
    expect(addToListsFailedMessage(['A'])).toBe('Impossible d’ajouter le bâtiment à la liste « A »');
    expect(addToListsFailedMessage(['A', 'B', 'C'])).toBe('Impossible d’ajouter le bâtiment à 3 listes');
    setCatalogue('ar', ar);
    expect(addedToListsMessage('X', ['A', 'B'])).toBe('تمت إضافة المبنى «X» إلى قائمتين');
  });
});

import { listHoldsBuilding, type List } from '#domain/lists';
import { t } from '../../../lib/i18n.ts';

/** Texts of the lists feature (product §2, 5 and 8). */
export const LIST_TEXTS = {
  alreadyInList: '(building is already in list)',
  addToList: 'Add to List',
  submit: 'Add to selected lists',
  loadingLists: 'Loading lists...',
  listsFailed: 'Error loading lists',
  noListsYet: 'You have no lists yet. Create one to add this building.',
  newList: 'New list',
  createList: 'Create List',
  createListFailed: 'Failed to create list',
  ownerNoLists: 'You have no lists yet.',
  visitorNoLists: 'No public lists yet.',
  emptyList: 'No buildings in this list yet.',
  deleteListFailed: 'Failed to delete list',
  removeFailed: 'Failed to remove building from list',
  visibilityFailed: 'Failed to change list visibility',
} as const;

// The texts built from names come in the page's language (the toasts leave them as they are).

/** Product §5: deleting a list needs a confirmation that says it cannot be undone. */
export function deleteListQuestion(listName: string): string {
  return t('Are you sure you want to delete the list "{list}"? This cannot be undone.', { list: listName });
}

/** Product §5: removing a building from a list needs a confirmation. */
export function removeBuildingQuestion(buildingName: string, listName: string): string {
  return t('Are you sure you want to remove "{building}" from the list "{list}"?', {
    building: buildingName,
    list: listName,
  });
}

/** Product §8: the toast after removing a building from a list. */
export function removedFromListMessage(buildingName: string, listName: string): string {
  return t('Building "{building}" removed from list "{list}"', { building: buildingName, list: listName });
}

/** Product §6: the owner sees every list; anyone else only public ones (the API already filters). */
export function visibleLists(lists: readonly List[], isOwner: boolean): List[] {
  return isOwner ? [...lists] : lists.filter((list) => list.is_public);
}

/**
 * The cached lists after the server answered with a changed list; a new list goes first, as the
 * API orders a user's lists newest first.
 */
export function withList(lists: readonly List[], changed: List): List[] {
  return lists.some((list) => list.id === changed.id)
    ? lists.map((list) => (list.id === changed.id ? changed : list))
    : [changed, ...lists];
}

export function withoutList(lists: readonly List[], listId: number): List[] {
  return lists.filter((list) => list.id !== listId);
}

/* ---------- Add to List dialog (product §2 and 5) ---------- */

export interface AddToListOption {
  list: List;
  /** The list already holds the building: its box is disabled and marked. */
  holdsBuilding: boolean;
  checked: boolean;
  label: string;
}

/** One checkbox per list; a list holding the building is disabled, shown checked and marked. */
export function addToListOptions(
  lists: readonly List[],
  buildingId: number,
  selected: ReadonlySet<number>,
): AddToListOption[] {
  return lists.map((list) => {
    const holdsBuilding = listHoldsBuilding(list, buildingId);
    return {
      list,
      holdsBuilding,
      checked: holdsBuilding || selected.has(list.id),
      label: holdsBuilding ? `${list.name} ${t(LIST_TEXTS.alreadyInList)}` : list.name,
    };
  });
}

/** Checks or unchecks a list; a list that already holds the building cannot be chosen. */
export function toggleListSelection(
  selected: ReadonlySet<number>,
  list: List,
  buildingId: number,
): Set<number> {
  const next = new Set(selected);
  if (listHoldsBuilding(list, buildingId)) {
    next.delete(list.id);
    return next;
  }
  if (next.has(list.id)) next.delete(list.id);
  else next.add(list.id);
  return next;
}

/** The lists a submit adds the building to: checked and not holding it yet, in display order. */
export function listsToAddTo(
  lists: readonly List[],
  buildingId: number,
  selected: ReadonlySet<number>,
): List[] {
  return lists.filter((list) => selected.has(list.id) && !listHoldsBuilding(list, buildingId));
}

/** Product §5: adding to lists needs at least one box checked. */
export function canSubmitAddToList(
  lists: readonly List[],
  buildingId: number,
  selected: ReadonlySet<number>,
): boolean {
  return listsToAddTo(lists, buildingId, selected).length > 0;
}

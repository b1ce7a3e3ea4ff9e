/**
 * The Add to List dialog's toasts, in the page's language. Apart from lists.ts: they count lists
 * with `plural`, whose ICU formatter only the dialog (loaded on first use) carries, not the user
 * page's lists.
 */
import { t } from '../../../lib/i18n.ts';
import { plural } from '../../../lib/i18n-plural.ts';

/** The success toast of the Add to List dialog. */
export function addedToListsMessage(buildingName: string, listNames: readonly string[]): string {
  if (listNames.length === 1) {
    return t('Building "{building}" added to list "{list}"', { building: buildingName, list: listNames[0]! });
  }
  return plural('Building "{building}" added to {count, plural, one {# list} other {# lists}}', {
    building: buildingName,
    count: listNames.length,
  });
}

/** The error toast when some lists refused the building. */
export function addToListsFailedMessage(listNames: readonly string[]): string {
  return listNames.length === 1
    ? t('Failed to add the building to list "{list}"', { list: listNames[0]! })
    : plural('Failed to add the building to {count, plural, one {# list} other {# lists}}', {
        count: listNames.length,
      });
}

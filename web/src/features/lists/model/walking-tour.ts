/** Texts and small rules of a list's walking tour (the route view). */
import { currentLanguage, t } from '../../../lib/i18n.ts';

export const WALKING_TOUR_TEXTS = {
  open: 'Walking tour',
  loading: 'Planning the route...',
  error: 'Error loading the route',
  empty: 'Add buildings to this list to walk them.',
  start: 'Start from',
  downloadGpx: 'Download GPX',
  mapLabel: 'Map of the walking tour',
  mapUnavailable: 'The map is not available.',
  note: 'Straight-line distances between the buildings; the streets you walk will add some.',
} as const;

/**
 * A distance as domain/walking-route.ts's formatDistance writes it ('640 m', '2.3 km', '12 km'),
 * its number in the page's language ('2,3 km' in French).
 */
function formatDistance(meters: number): string {
  const language = currentLanguage();
  const number = (value: number, unit: 'meter' | 'kilometer', digits: number) =>
    new Intl.NumberFormat(language, {
      style: 'unit',
      unit,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    }).format(value);
  if (meters < 1000) return number(Math.round(meters), 'meter', 0);
  const km = meters / 1000;
  return km < 10 ? number(km, 'kilometer', 1) : number(Math.round(km), 'kilometer', 0);
}

/** 'Walking tour: Harbour walk', in the page's language (as are the texts below). */
export function walkingTourTitle(listName: string): string {
  return t('Walking tour: {list}', { list: listName });
}

/** 'Total distance: 1.2 km' */
export function totalDistanceText(meters: number): string {
  return t('Total distance: {distance}', { distance: formatDistance(meters) });
}

/** A stop's line in the list: its distance from the previous stop (none for the start). */
export function legText(index: number, meters: number): string {
  return index === 0 ? t('Start') : `+${formatDistance(meters)}`;
}

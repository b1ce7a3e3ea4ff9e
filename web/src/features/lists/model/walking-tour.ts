/** Texts and small rules of a list's walking tour (the route view). */
import { formatDistance } from '#domain/walking-route';

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

export function walkingTourTitle(listName: string): string {
  return `Walking tour: ${listName}`;
}

/** 'Total distance: 1.2 km' */
export function totalDistanceText(meters: number): string {
  return `Total distance: ${formatDistance(meters)}`;
}

/** A stop's line in the list: its distance from the previous stop (none for the start). */
export function legText(index: number, meters: number): string {
  return index === 0 ? 'Start' : `+${formatDistance(meters)}`;
}

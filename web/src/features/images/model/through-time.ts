/**
 * 'Through time': a building's photos by the year they were taken, and the compare view's pure
 * rules (which two photos it starts with, how its divider moves from the keyboard).
 */
import type { Image } from '#domain/images';
import { t } from '../../../lib/i18n.ts';

export const THROUGH_TIME_TEXTS = {
  title: 'Through time',
  open: 'Through time',
  loading: 'Loading photos...',
  error: 'Error loading images',
  empty: 'No photos yet.',
  needTwo: 'Comparing needs at least two photos with a capture year.',
  unknownYear: 'Year unknown',
  earlier: 'Earlier photo',
  later: 'Later photo',
  divider: 'Compare divider',
} as const;

/** The photos with a capture year, oldest first (the API's order: ties by date added). */
export function datedPhotos(images: readonly Image[]): Image[] {
  return images
    .filter((i) => i.capture_year !== null)
    .slice()
    .sort((a, b) => a.capture_year! - b.capture_year!);
}

/** The compare view's default pair: the earliest and the latest dated photo (null below two). */
export function defaultPair(images: readonly Image[]): [Image, Image] | null {
  const dated = datedPhotos(images);
  return dated.length < 2 ? null : [dated[0]!, dated[dated.length - 1]!];
}

/** '1890', or 'Year unknown' (in the page's language). */
export function yearLabel(image: Pick<Image, 'capture_year'>): string {
  return image.capture_year === null ? t(THROUGH_TIME_TEXTS.unknownYear) : String(image.capture_year);
}

/** The divider's position: a percentage of the width from the left, 0 to 100. */
export const DIVIDER_START = 50;
const STEP = 5;
const PAGE_STEP = 20;

const clamp = (value: number) => Math.min(100, Math.max(0, value));

/**
 * The divider's new position for a key (WAI-ARIA slider pattern: arrows step, Page Up/Down
 * step more, Home/End go to the ends), or null for a key it does not take.
 */
export function dividerAfterKey(position: number, key: string): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(position - STEP);
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(position + STEP);
    case 'PageDown':
      return clamp(position - PAGE_STEP);
    case 'PageUp':
      return clamp(position + PAGE_STEP);
    case 'Home':
      return 0;
    case 'End':
      return 100;
    default:
      return null;
  }
}

/** The divider's position under a pointer at clientX over a box starting at `left`, `width` wide. */
export function dividerAtPointer(clientX: number, left: number, width: number): number {
  if (width <= 0) return DIVIDER_START;
  return clamp(Math.round(((clientX - left) / width) * 1000) / 10);
}

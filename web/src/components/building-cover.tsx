import { useComputedColorScheme } from '@mantine/core';
import { locatorUrl } from '#domain/endpoints/locator';
import { LOCATOR_SIZE } from '#domain/locator';
import { MAP_BACKGROUND_COLOR } from '#domain/map-palette';

export interface BuildingCoverProps {
  /** The cover image's URL, or null when the building has none yet. */
  coverImage: string | null;
  /** [longitude, latitude] of the building. */
  coordinates: readonly [number, number];
  /** Fills its box (the caller sizes the box; the picture is cropped to it, never stretched). */
  className?: string;
  /**
   * Load at once with high priority instead of when scrolled near: for the first picture of a
   * list, in view as the page opens (on a phone the explore screen's largest element, its LCP).
   */
  eager?: boolean;
}

/**
 * A building's picture on a card: its cover image, or until it has one a locator: its country's outline with a dot where it stands, drawn by the server in the current colour
 * scheme (GET /api/locator.svg) and cached by the browser for good.
 *
 * Both are decorative (empty alt): every card names its building in text right beside the picture,
 * and an alt text inside the card's link would be read again as part of the link's name.
 */
export function BuildingCover({ coverImage, coordinates, className, eager = false }: BuildingCoverProps) {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const loading = eager ? 'eager' : 'lazy';
  const fetchPriority = eager ? 'high' : undefined;
  if (coverImage) {
    return (
      <img src={coverImage} alt="" loading={loading} fetchPriority={fetchPriority} className={className} />
    );
  }
  return (
    <img
      src={locatorUrl(coordinates, scheme)}
      alt=""
      width={LOCATOR_SIZE.width}
      height={LOCATOR_SIZE.height}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      className={className}
      data-locator=""
      // The sea's colour until the picture arrives: it fades in on its own background.
      style={{ backgroundColor: MAP_BACKGROUND_COLOR[scheme] }}
    />
  );
}

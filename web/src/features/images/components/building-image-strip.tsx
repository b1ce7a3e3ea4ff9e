import type { ReactNode } from 'react';
import { Loader } from '@mantine/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { imageKeys } from '../../../lib/query-keys.ts';
import { getImages } from '../api/get-images.ts';
import { changeCachedImage, forgetCachedImage } from '../api/image-cache.ts';
import { GALLERY_DEFAULT_QUERY } from '../model/image-list.ts';
import { ImageBrowser } from './image-browser.tsx';
import type { ImageChange, ImageViewerSlots } from './image-viewer.tsx';
import { t } from '../../../lib/i18n.ts';

/** How many of a building's newest images its profile panel shows. */
export const BUILDING_STRIP_SIZE = 6;

export function buildingImagesQueryOptions(buildingId: number) {
  return queryOptions({
    queryKey: imageKeys.buildingStrip(buildingId),
    queryFn: ({ signal }) =>
      getImages(
        {
          scope: { kind: 'building', buildingId },
          query: GALLERY_DEFAULT_QUERY,
          page: 1,
          perPage: BUILDING_STRIP_SIZE,
        },
        signal,
      ),
  });
}

interface BuildingImageStripProps {
  buildingId: number;
  /** False when the building has no images: nothing is asked. */
  hasImages: boolean;
  slots?: ImageViewerSlots;
  /** Shown when the building has no image to show (none, or every one hidden by moderators). */
  empty?: ReactNode;
}

/**
 * The building profile's images (product §2): its newest 400 px renditions, lazy and sized; a click
 * opens the same full view as the gallery (the View Gallery button shows them all).
 */
export function BuildingImageStrip({ buildingId, hasImages, slots, empty = null }: BuildingImageStripProps) {
  const queryClient = useQueryClient();
  const options = buildingImagesQueryOptions(buildingId);
  const images = useQuery({ ...options, enabled: hasImages });

  if (!hasImages) return empty;
  if (images.isPending) return <Loader size="sm" role="status" aria-label={t('Loading images')} />;
  if (images.isError) return null;
  if (images.data.items.length === 0) return empty;

  // A vote or a deletion here shows in every other list of these images too (gallery, user page).
  const onImageChange = (image: ImageChange) => changeCachedImage(queryClient, image);
  const onDeleted = (id: number) => forgetCachedImage(queryClient, id);

  return (
    <ImageBrowser
      images={images.data.items}
      onImageChange={onImageChange}
      onDeleted={onDeleted}
      slots={slots}
      label={t('Images')}
      dense
    />
  );
}

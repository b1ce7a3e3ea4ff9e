import type { QueryClient } from '@tanstack/react-query';
import type { Image, ImageList } from '#domain/images';
import { buildingKeys, imageKeys } from '../../../lib/query-keys.ts';
import { changeImageList, changeImagePages, type ImagePages } from '../model/image-list-cache.ts';

/**
 * A changed image (new vote counts, the reader's face) in every cached image list at once:
 * galleries, the user's voted images and the building panels' strips.
 */
export function changeCachedImage(queryClient: QueryClient, image: Pick<Image, 'id'> & Partial<Image>): void {
  queryClient.setQueriesData<ImagePages | ImageList>({ queryKey: imageKeys.all }, (data) => {
    if (!data) return data;
    const change = { type: 'imageChanged', image } as const;
    return 'pages' in data
      ? changeImagePages(data, change)
      : 'items' in data
        ? changeImageList(data, change)
        : data;
  });
}

/**
 * A deleted image leaves every cached image list at once; its building's image count and cover
 * changed, so the building queries are fetched again.
 */
export function forgetCachedImage(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<ImagePages | ImageList>({ queryKey: imageKeys.all }, (data) => {
    if (!data) return data;
    const change = { type: 'imageRemoved', id } as const;
    return 'pages' in data
      ? changeImagePages(data, change)
      : 'items' in data
        ? changeImageList(data, change)
        : data;
  });
  void queryClient.invalidateQueries({ queryKey: buildingKeys.all });
}

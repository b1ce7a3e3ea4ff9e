import { describe, expect, it } from 'vitest';
import type { ImageList } from '#domain/images';
import { testImage as image } from '../testing/image-fixtures.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { buildingKeys, imageKeys } from '../../../lib/query-keys.ts';
import type { ImagePages } from '../model/image-list-cache.ts';
import { GALLERY_DEFAULT_QUERY } from '../model/image-list.ts';
import { VOTED_DEFAULT_QUERY } from '../model/voted-images.ts';
import { changeCachedImage, forgetCachedImage } from './image-cache.ts';

const list = (ids: number[]): ImageList => ({
  items: ids.map(image),
  total: ids.length,
  hasNext: false,
  page: 1,
  per_page: 10,
});

function cacheWithThreeViews() {
  const queryClient = createQueryClient();
  const strip = imageKeys.buildingStrip(1);
  const gallery = imageKeys.list({ kind: 'building', buildingId: 1 }, GALLERY_DEFAULT_QUERY);
  const voted = imageKeys.list({ kind: 'voted', userHandle: 'ada' }, VOTED_DEFAULT_QUERY);
  queryClient.setQueryData<ImageList>(strip, list([1, 2]));
  queryClient.setQueryData<ImagePages>(gallery, { pages: [list([1, 2]), list([3])], pageParams: [1, 2] });
  queryClient.setQueryData<ImagePages>(voted, { pages: [list([2])], pageParams: [1] });
  return { queryClient, strip, gallery, voted };
}

describe('an image change reaches every cached view of the image', () => {
  it("a vote shows in the panel's strip, the gallery and the user's voted images at once", () => {
    const { queryClient, strip, gallery, voted } = cacheWithThreeViews();
    const stats = { net_votes: 1, upvotes: 1, meh_votes: 0, downvotes: 0 };
    changeCachedImage(queryClient, { id: 2, vote_stats: stats, user_vote: 1 });
    expect(queryClient.getQueryData<ImageList>(strip)?.items[1]).toMatchObject({
      vote_stats: stats,
      user_vote: 1,
    });
    expect(queryClient.getQueryData<ImagePages>(gallery)?.pages[0]?.items[1]).toMatchObject({ user_vote: 1 });
    expect(queryClient.getQueryData<ImagePages>(voted)?.pages[0]?.items[0]).toMatchObject({ user_vote: 1 });
    expect(queryClient.getQueryData<ImageList>(strip)?.items[0]?.user_vote).toBeNull();
  });

  it('a deleted image leaves every list, and the building queries are marked for a refetch', () => {
    const { queryClient, strip, gallery, voted } = cacheWithThreeViews();
    queryClient.setQueryData(buildingKeys.detail(1), { id: 1 });
    forgetCachedImage(queryClient, 2);
    expect(queryClient.getQueryData<ImageList>(strip)?.items.map((i) => i.id)).toEqual([1]);
    expect(queryClient.getQueryData<ImagePages>(gallery)?.pages.map((p) => p.items.map((i) => i.id))).toEqual(
      [[1], [3]],
    );
    expect(queryClient.getQueryData<ImagePages>(voted)?.pages[0]?.items).toEqual([]);
    expect(queryClient.getQueryState(buildingKeys.detail(1))?.isInvalidated).toBe(true);
  });
});

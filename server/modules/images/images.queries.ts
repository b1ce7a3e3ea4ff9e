/** Reads of images: one image, and the gallery / voted-images pages (product §7, infinite-scroll). */
import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { voteOrder } from '../../db/vote-order.ts';
import type { Image, ImageList, ImageListQuery, ImageType } from '#domain/images';
import { voteStatsOf, type VoteValue } from '#domain/votes';
import type { CurrentUser } from '#domain/users';
import type { Db } from '../../db/client.ts';
import { buildings, images, users, votes } from '../../db/schema.ts';
import { visibleBuilding, visibleImage, type Viewer } from '../../db/visibility.ts';
import { forbidden, notFound, unauthorized } from '../../http/errors.ts';
import type { MediaUrls } from '../../storage/media-url.ts';

/** The reader's own vote on each image. */
const viewerVotes = alias(votes, 'viewer_votes');
/** The votes of the user named by userHandle (voted-images queries). */
const voterVotes = alias(votes, 'voter_votes');

/** Images with their uploader, the reader's vote and (voted-images queries) the voter's vote. */
function selectImages(db: Db, viewerId: number | null, voterId: number | null) {
  return db
    .select({
      id: images.id,
      storage_key: images.storage_key,
      renditions: images.renditions,
      image_type: images.image_type,
      description: images.description,
      capture_year: images.capture_year,
      building_id: images.building_id,
      added_by_id: images.added_by,
      added_by_handle: users.handle,
      status: images.status,
      failure_reason: images.failure_reason,
      license: images.license,
      author: images.author,
      width: images.width,
      height: images.height,
      upvotes: images.upvotes,
      meh_votes: images.meh_votes,
      downvotes: images.downvotes,
      created_at: images.created_at,
      hidden_at: images.hidden_at,
      user_vote: viewerVotes.vote,
      voted_at: voterVotes.updated_at,
    })
    .from(images)
    .innerJoin(users, eq(users.id, images.added_by))
    .innerJoin(buildings, eq(buildings.id, images.building_id))
    .leftJoin(viewerVotes, voteJoin(viewerVotes, viewerId))
    .leftJoin(voterVotes, voteJoin(voterVotes, voterId));
}

type ImageRowOut = Awaited<ReturnType<typeof selectImages>>[number];

function toImage(media: MediaUrls, r: ImageRowOut, withVotedAt: boolean): Image {
  const image: Image = {
    id: r.id,
    url: media.image(r),
    url_large: media.imageLarge(r),
    image_type: r.image_type as ImageType,
    description: r.description,
    capture_year: r.capture_year,
    capture_date: r.capture_year === null ? null : String(r.capture_year),
    building_id: r.building_id,
    added_by: { id: r.added_by_id, handle: r.added_by_handle },
    user_vote: r.user_vote === null ? null : (r.user_vote as VoteValue),
    vote_stats: voteStatsOf(r),
    width: r.width,
    height: r.height,
    status: r.status,
    failure_reason: r.failure_reason,
    license: r.license,
    // The credit defaults to the uploader's (current) handle.
    author: r.author ?? r.added_by_handle,
    author_is_set: r.author !== null,
    created_at: r.created_at.toISOString(),
  };
  if (withVotedAt) image.voted_at = r.voted_at?.toISOString() ?? null;
  if (r.hidden_at !== null) image.hidden = true;
  return image;
}

/** A user's vote on the image; user id 0 (none) matches nothing. */
const voteJoin = (v: typeof viewerVotes | typeof voterVotes, userId: number | null) =>
  and(eq(v.user_id, userId ?? 0), eq(v.votable_type, 'image'), eq(v.votable_id, images.id));

/**
 * One image: ready ones for everyone; the uploader also sees their own in any state. Hidden images,
 * and images of hidden buildings, only for those who see hidden content (visibility.ts).
 */
export async function getImage(db: Db, media: MediaUrls, id: number, viewer: Viewer | null): Promise<Image> {
  const viewerId = viewer?.id ?? null;
  const [row] = await selectImages(db, viewerId, null).where(
    and(eq(images.id, id), visibleImage(viewer), visibleBuilding(viewer)),
  );
  if (!row || (row.status !== 'ready' && row.added_by_id !== viewerId)) throw notFound('Image not found');
  return toImage(media, row, false);
}

/** ORDER BY of each sort for `desc`; `asc` reverses every key, so the two orders mirror. */
function orderOf(sortBy: ImageListQuery['sortBy'], direction: 'asc' | 'desc'): SQL[] {
  const votes = voteOrder(images.upvotes, images.downvotes, direction);
  const dir = direction === 'asc' ? asc : desc;
  const newer = [dir(images.created_at), dir(images.id)];
  switch (sortBy) {
    case 'date_added':
      return newer;
    case 'popular':
      return [...votes.popular, ...newer];
    case 'controversial':
      return [...votes.controversial, ...newer];
    case 'vote_date':
      return [dir(voterVotes.updated_at), dir(voterVotes.id)];
    case 'capture_date':
      // Photos without a capture year go last both ways: a year is what this order is about.
      return [
        direction === 'asc'
          ? sql`${images.capture_year} ASC NULLS LAST`
          : sql`${images.capture_year} DESC NULLS LAST`,
        ...newer,
      ];
  }
}

/**
 * A page of ready images. With userHandle: the images that user voted on (with userVoteType: that
 * face), shown to that user only (401 signed out, 403 someone else).
 */
export async function listImages(
  db: Db,
  media: MediaUrls,
  viewer: CurrentUser | null,
  q: ImageListQuery,
): Promise<ImageList> {
  const where: SQL[] = [eq(images.status, 'ready'), visibleImage(viewer), visibleBuilding(viewer)];
  if (q.buildingId !== undefined) where.push(eq(images.building_id, q.buildingId));
  if (q.imageTypes?.length) where.push(inArray(images.image_type, q.imageTypes));

  let voterId: number | null = null;
  if (q.userHandle !== undefined) {
    if (!viewer) throw unauthorized('Please log in to view your voted images.');
    const [voter] = await db.select({ id: users.id }).from(users).where(eq(users.handle, q.userHandle));
    if (!voter) throw notFound('User not found');
    if (voter.id !== viewer.id) throw forbidden('Only the user themself can see the images they voted on.');
    voterId = voter.id;
    where.push(isNotNull(voterVotes.id));
    if (q.userVoteType !== undefined) where.push(eq(voterVotes.vote, q.userVoteType));
  }
  const condition = and(...where);

  const [totalRow] = await db
    .select({ total: count() })
    .from(images)
    .innerJoin(buildings, eq(buildings.id, images.building_id))
    .leftJoin(voterVotes, voteJoin(voterVotes, voterId))
    .where(condition);
  const total = totalRow?.total ?? 0;
  const rows = await selectImages(db, viewer?.id ?? null, voterId)
    .where(condition)
    .orderBy(...orderOf(q.sortBy, q.sortOrder))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);

  return {
    items: rows.map((r) => toImage(media, r, voterId !== null)),
    total,
    hasNext: q.page * q.per_page < total,
    page: q.page,
    per_page: q.per_page,
  };
}

/**
 * Reads of buildings: the card list (also a user's added and rated buildings) and the building
 * detail (the map is in buildings.map.ts).
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BuildingCard, BuildingDetail, BuildingList, BuildingListQuery } from '#domain/buildings';
import type { CurrentUser } from '#domain/users';
import type { VoteStats, VoteValue } from '#domain/votes';
import type { Db } from '../../db/client.ts';
import {
  architecturalStyles,
  buildingGridCounts,
  buildings,
  buildingStyles,
  images,
  users,
  votes,
} from '../../db/schema.ts';
import { forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { imageUrl } from '../../storage/media-url.ts';
import { userVoteOn } from '../votes/votes.service.ts';
import { buildingFilterWhere, coverImageColumns, coverImageJoin } from './buildings.queries.ts';

interface FaceCounts {
  upvotes: number;
  meh_votes: number;
  downvotes: number;
}

export function voteStats(c: FaceCounts): VoteStats {
  return {
    net_votes: c.upvotes - c.downvotes,
    upvotes: c.upvotes,
    meh_votes: c.meh_votes,
    downvotes: c.downvotes,
  };
}

const coverImage = coverImageColumns;

/** The votes of the user named by vote_user_handle (rated-buildings lists). */
const voterVotes = alias(votes, 'voter_votes');

const voterVoteJoin = (voterId: number) =>
  and(
    eq(voterVotes.user_id, voterId),
    eq(voterVotes.votable_type, 'building'),
    eq(voterVotes.votable_id, buildings.id),
  );

const cardColumns = {
  id: buildings.id,
  name: buildings.name,
  year_built: buildings.year_built,
  year_demolished: buildings.year_demolished,
  lng: buildings.lng,
  lat: buildings.lat,
  upvotes: buildings.upvotes,
  meh_votes: buildings.meh_votes,
  downvotes: buildings.downvotes,
  cover: coverImage,
};

async function userIdOf(db: Db, handle: string): Promise<number> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.handle, handle));
  if (!user) throw notFound('User not found');
  return user.id;
}

/**
 * Who the rated-buildings filter names; a user's votes are shown to that user only (401 signed
 * out, 404 no such user, 403 someone else).
 */
async function voterIdFor(db: Db, handle: string, viewer: CurrentUser | null): Promise<number> {
  if (!viewer) throw unauthorized('Please log in to view your rated buildings.');
  const voterId = await userIdOf(db, handle);
  if (voterId !== viewer.id) throw forbidden('Only the user themself can see the buildings they rated.');
  return voterId;
}

interface CardRow {
  id: number;
  name: string;
  year_built: number | null;
  year_demolished: number | null;
  lng: number;
  lat: number;
  upvotes: number;
  meh_votes: number;
  downvotes: number;
  cover: { storage_key: string; renditions: Record<string, string> } | null;
}

function toCard(r: CardRow): BuildingCard {
  return {
    id: r.id,
    name: r.name,
    year_built: r.year_built,
    year_demolished: r.year_demolished,
    cover_image: r.cover ? imageUrl(r.cover) : null,
    vote_stats: voteStats(r),
    coordinates: [r.lng, r.lat],
  };
}

/**
 * One page of the card list and how many buildings match: newest first by default. With
 * user_handle: the buildings that user added. With vote_user_handle: the buildings that user
 * voted on (vote_type: that face), each with the user's vote and its date, newest vote first
 * by default; only that user may ask.
 */
export async function listBuildings(
  db: Db,
  q: BuildingListQuery,
  viewer: CurrentUser | null = null,
): Promise<BuildingList> {
  const conditions: (SQL | undefined)[] = [buildingFilterWhere(q)];
  if (q.user_handle !== undefined) {
    conditions.push(eq(buildings.added_by, await userIdOf(db, q.user_handle)));
  }
  const voterId = q.vote_user_handle === undefined ? null : await voterIdFor(db, q.vote_user_handle, viewer);
  if (q.vote_type !== undefined) conditions.push(eq(voterVotes.vote, q.vote_type));
  const where = and(...conditions);
  const dir = q.sort_order === 'asc' ? asc : desc;
  const sortBy = q.sort_by ?? (voterId === null ? 'date_added' : 'vote_date');
  const order =
    sortBy === 'vote_date' ? [dir(voterVotes.updated_at), dir(voterVotes.id)] : [dir(buildings.id)];
  const page = { limit: q.per_page, offset: (q.page - 1) * q.per_page };
  const paged = (total: number, items: BuildingCard[]): BuildingList => ({
    items,
    total,
    page: q.page,
    per_page: q.per_page,
    pages: Math.ceil(total / q.per_page),
  });

  if (voterId !== null) {
    const [rows, [counted]] = await Promise.all([
      db
        .select({ ...cardColumns, user_vote: voterVotes.vote, voted_at: voterVotes.updated_at })
        .from(buildings)
        .innerJoin(voterVotes, voterVoteJoin(voterId))
        .leftJoin(images, coverImageJoin)
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(buildings).innerJoin(voterVotes, voterVoteJoin(voterId)).where(where),
    ]);
    return paged(
      counted?.n ?? 0,
      rows.map((r) => ({
        ...toCard(r),
        user_vote: r.user_vote as VoteValue,
        voted_at: r.voted_at.toISOString(),
      })),
    );
  }

  const countTotal = async () => {
    // Nothing filters: the grid's level-0 cell holds the whole table's count.
    if (!where) {
      const [row] = await db
        .select({ n: buildingGridCounts.building_count })
        .from(buildingGridCounts)
        .where(eq(buildingGridCounts.level, 0));
      return row?.n ?? 0;
    }
    const [row] = await db.select({ n: count() }).from(buildings).where(where);
    return row?.n ?? 0;
  };
  const [rows, total] = await Promise.all([
    db
      .select(cardColumns)
      .from(buildings)
      .leftJoin(images, coverImageJoin)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    countTotal(),
  ]);
  return paged(total, rows.map(toCard));
}

/** Building detail; counts the view. Null when no such building. */
export async function getBuildingDetail(
  db: Db,
  id: number,
  viewerId: number | null = null,
): Promise<BuildingDetail | null> {
  return db.transaction(async (tx) => {
    const [b] = await tx
      .update(buildings)
      .set({ views: sql`${buildings.views} + 1` })
      .where(eq(buildings.id, id))
      .returning();
    if (!b) return null;
    const [userVote, styles, imageRows, adder, cover] = await Promise.all([
      userVoteOn(tx, viewerId, 'building', id),
      tx
        .select({ id: architecturalStyles.id, name: architecturalStyles.name })
        .from(buildingStyles)
        .innerJoin(architecturalStyles, eq(architecturalStyles.id, buildingStyles.style_id))
        .where(eq(buildingStyles.building_id, id))
        .orderBy(asc(architecturalStyles.name)),
      tx
        .select({ id: images.id, ...coverImage })
        .from(images)
        .where(and(eq(images.building_id, id), eq(images.status, 'ready')))
        .orderBy(desc(images.created_at), desc(images.id))
        .limit(20),
      b.added_by === null
        ? Promise.resolve([])
        : tx.select({ id: users.id, handle: users.handle }).from(users).where(eq(users.id, b.added_by)),
      b.cover_image_id === null
        ? Promise.resolve([])
        : tx
            .select(coverImage)
            .from(images)
            .where(and(eq(images.id, b.cover_image_id), eq(images.status, 'ready'))),
    ]);
    return {
      id: b.id,
      name: b.name,
      coordinates: [b.lng, b.lat],
      year_built: b.year_built,
      year_demolished: b.year_demolished,
      description: b.description,
      place_id: b.place_id,
      architectural_styles: styles,
      images: imageRows.map((i) => ({ id: i.id, url: imageUrl(i) })),
      cover_image: cover[0] ? imageUrl(cover[0]) : null,
      image_count: b.image_count,
      views: b.views,
      vote_stats: voteStats(b),
      user_vote: userVote,
      added_by: adder[0] ?? null,
      address: {
        line1: b.address_line1,
        line2: b.address_line2,
        line3: b.address_line3,
        city: b.city,
        state: b.state,
        postal_code: b.postal_code,
        country_code: b.country_code,
      },
      created_at: b.created_at.toISOString(),
    };
  });
}

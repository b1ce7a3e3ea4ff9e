/** Reads of buildings: the card list and the building detail (the map is in buildings.map.ts). */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { BuildingDetail, BuildingList, BuildingListQuery } from '#domain/buildings';
import type { VoteStats } from '#domain/votes';
import type { Db } from '../../db/client.ts';
import {
  architecturalStyles,
  buildingGridCounts,
  buildings,
  buildingStyles,
  images,
  users,
} from '../../db/schema.ts';
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

/** One page of the card list (newest first) and how many buildings match. */
export async function listBuildings(db: Db, q: BuildingListQuery): Promise<BuildingList> {
  const where = buildingFilterWhere(q);
  const offset = (q.page - 1) * q.per_page;
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
      .select({
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
      })
      .from(buildings)
      .leftJoin(images, coverImageJoin)
      .where(where)
      .orderBy(desc(buildings.id))
      .limit(q.per_page)
      .offset(offset),
    countTotal(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      year_built: r.year_built,
      year_demolished: r.year_demolished,
      cover_image: r.cover ? imageUrl(r.cover) : null,
      vote_stats: voteStats(r),
      coordinates: [r.lng, r.lat],
    })),
    total,
    page: q.page,
    per_page: q.per_page,
    pages: Math.ceil(total / q.per_page),
  };
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

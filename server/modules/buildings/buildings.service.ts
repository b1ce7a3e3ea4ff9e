/**
 * Reads of buildings: the card list (also a user's added and rated buildings) and the building
 * detail (the map is in server/modules/map, the export in server/modules/export).
 */
import { and, asc, desc, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  distanceOrigin,
  type BuildingCard,
  type BuildingList,
  type BuildingListQuery,
} from '#domain/building-list';
import type { BuildingDetail } from '#domain/building-detail';
import { LIST_MAX_ITEMS } from '#domain/constants';
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
import type { MediaUrls } from '../../storage/media-url.ts';
import { userVoteOn } from '../votes/votes.service.ts';
import { architectsOfBuilding } from '../architects/architects.service.ts';
import { selectRows } from '../../db/rows.ts';
import { seesHidden } from '#domain/roles';
import { visibleImage, type Viewer } from '../../db/visibility.ts';
import {
  buildingFilterWhere,
  coverImageColumns,
  coverImageJoin,
  hasAttributeFilters,
} from './buildings.queries.ts';
import type { ViewCounter } from './view-counter.ts';

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

function toCard(media: MediaUrls, r: CardRow): BuildingCard {
  return {
    id: r.id,
    name: r.name,
    year_built: r.year_built,
    year_demolished: r.year_demolished,
    cover_image: r.cover ? media.image(r.cover) : null,
    vote_stats: voteStats(r),
    coordinates: [r.lng, r.lat],
  };
}

/** Mean radius of the Earth (IUGG), in metres. */
const EARTH_RADIUS_M = 6_371_008.8;

/**
 * Great-circle distance from `[lat, lng]` to each building, by the haversine formula in plain SQL
 * (PostgreSQL and PGlite alike, no PostGIS): `haversine` (0 to 1) orders the same as the distance
 * and is what the list sorts on; `metres` is the distance itself, for the cards.
 */
function distanceFrom([lat, lng]: readonly [number, number]) {
  const haversine = sql<number>`(power(sin(radians(${buildings.lat} - ${lat}::float8) / 2), 2) + cos(radians(${lat}::float8)) * cos(radians(${buildings.lat})) * power(sin(radians(${buildings.lng} - ${lng}::float8) / 2), 2))`;
  const metres = sql<number>`(2 * ${EARTH_RADIUS_M}::float8 * asin(least(1, sqrt(${haversine}))))`.mapWith(
    Number,
  );
  return { haversine, metres };
}

/** The card with its distance in whole metres, when the row has one (sort_by=distance). */
function withDistance(card: BuildingCard, row: object): BuildingCard {
  return 'distance_m' in row && typeof row.distance_m === 'number'
    ? { ...card, distance_m: Math.round(row.distance_m) }
    : card;
}

interface ListTotal {
  total: number;
  /** false: at least `total` match (counting stopped at LIST_MAX_ITEMS). */
  exact: boolean;
}

/**
 * How many rows a query limited to LIST_MAX_ITEMS + 1 rows yields: counting stops there, so a
 * count over a large filtered table costs no more than the list's deepest page.
 */
async function boundedCount(db: Db, rows: SQLWrapper): Promise<ListTotal> {
  const [row] = await selectRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${rows}) AS bounded`);
  const n = Number(row?.n ?? 0);
  return n > LIST_MAX_ITEMS ? { total: LIST_MAX_ITEMS, exact: false } : { total: n, exact: true };
}

/**
 * One page of the card list and how many buildings match: newest first by default. With
 * user_handle: the buildings that user added. With vote_user_handle: the buildings that user
 * voted on (vote_type: that face), each with the user's vote and its date, newest vote first
 * by default; only that user may ask.
 */
export async function listBuildings(
  db: Db,
  media: MediaUrls,
  q: BuildingListQuery,
  viewer: CurrentUser | null = null,
): Promise<BuildingList> {
  // A user's page shows its owner (and moderators) the buildings moderators hid; other lists are a visitor's.
  const conditions: (SQL | undefined)[] = [
    buildingFilterWhere(q, q.user_handle === undefined ? null : viewer),
  ];
  if (q.user_handle !== undefined) {
    conditions.push(eq(buildings.added_by, await userIdOf(db, q.user_handle)));
  }
  const voterId = q.vote_user_handle === undefined ? null : await voterIdFor(db, q.vote_user_handle, viewer);
  if (q.vote_type !== undefined) conditions.push(eq(voterVotes.vote, q.vote_type));
  const where = and(...conditions);
  const sortBy = q.sort_by ?? (voterId === null ? 'date_added' : 'vote_date');
  // Dates: newest first unless asked; distance: nearest first unless asked.
  const dir = (q.sort_order ?? (sortBy === 'distance' ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const origin = sortBy === 'distance' ? distanceOrigin(q) : null;
  const distance = origin ? distanceFrom(origin) : null;
  const order =
    sortBy === 'vote_date'
      ? [dir(voterVotes.updated_at), dir(voterVotes.id)]
      : sortBy === 'distance' && distance
        ? [dir(distance.haversine), asc(buildings.id)]
        : [dir(buildings.id)];
  const page = { limit: q.per_page, offset: (q.page - 1) * q.per_page };
  const paged = ({ total, exact }: ListTotal, items: BuildingCard[]): BuildingList => ({
    items,
    total,
    total_exact: exact,
    page: q.page,
    per_page: q.per_page,
    // The list goes no deeper than LIST_MAX_ITEMS (the query schema refuses later pages).
    pages: Math.ceil(Math.min(total, LIST_MAX_ITEMS) / q.per_page),
  });

  if (voterId !== null) {
    const [rows, counted] = await Promise.all([
      db
        .select({
          ...cardColumns,
          user_vote: voterVotes.vote,
          voted_at: voterVotes.updated_at,
          ...(distance ? { distance_m: distance.metres } : {}),
        })
        .from(buildings)
        .innerJoin(voterVotes, voterVoteJoin(voterId))
        .leftJoin(images, coverImageJoin)
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset),
      boundedCount(
        db,
        db
          .select({ one: sql`1` })
          .from(buildings)
          .innerJoin(voterVotes, voterVoteJoin(voterId))
          .where(where)
          .limit(LIST_MAX_ITEMS + 1),
      ),
    ]);
    return paged(
      counted,
      rows.map((r) => ({
        ...withDistance(toCard(media, r), r),
        user_vote: r.user_vote as VoteValue,
        voted_at: r.voted_at.toISOString(),
      })),
    );
  }

  const countTotal = async (): Promise<ListTotal> => {
    // Nothing filters: the grid's level-0 cell holds the whole table's exact count (of the
    // buildings visitors see), for free.
    const viewport =
      q.north !== undefined && q.south !== undefined && q.east !== undefined && q.west !== undefined;
    if (!viewport && !hasAttributeFilters(q) && q.user_handle === undefined && q.vote_type === undefined) {
      const [row] = await db
        .select({ n: buildingGridCounts.building_count })
        .from(buildingGridCounts)
        .where(eq(buildingGridCounts.level, 0));
      return { total: row?.n ?? 0, exact: true };
    }
    return boundedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(buildings)
        .where(where)
        .limit(LIST_MAX_ITEMS + 1),
    );
  };
  const [rows, total] = await Promise.all([
    db
      .select({ ...cardColumns, ...(distance ? { distance_m: distance.metres } : {}) })
      .from(buildings)
      .leftJoin(images, coverImageJoin)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    countTotal(),
  ]);
  return paged(
    total,
    rows.map((r) => withDistance(toCard(media, r), r)),
  );
}

/**
 * Building detail; counts the view in `views` (in memory, written in batches: no write per view).
 * Null when no such building.
 */
export async function getBuildingDetail(
  db: Db,
  media: MediaUrls,
  id: number,
  viewer: Viewer | null = null,
  views?: ViewCounter,
): Promise<BuildingDetail | null> {
  const viewerId = viewer?.id ?? null;
  return db.transaction(async (tx) => {
    const [b] = await tx.select().from(buildings).where(eq(buildings.id, id));
    // A building moderators hid is gone for everyone but its owner and moderators.
    if (!b || (b.hidden_at !== null && !seesHidden(viewer, b.added_by))) return null;
    // The stored count plus this process's views not yet written, this one included.
    const viewCount = b.views + (views ? views.count(id) : 0);
    const [userVote, styles, imageRows, adder, cover, architectRefs] = await Promise.all([
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
        .where(and(eq(images.building_id, id), eq(images.status, 'ready'), visibleImage(viewer)))
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
            .where(
              and(eq(images.id, b.cover_image_id), eq(images.status, 'ready'), isNull(images.hidden_at)),
            ),
      architectsOfBuilding(tx, id),
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
      architects: architectRefs,
      images: imageRows.map((i) => ({ id: i.id, url: media.image(i) })),
      cover_image: cover[0] ? media.image(cover[0]) : null,
      image_count: b.image_count,
      views: viewCount,
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
      ...(b.hidden_at !== null ? { hidden: true as const } : {}),
    };
  });
}

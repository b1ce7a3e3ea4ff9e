/** Reads of buildings: the map's GeoJSON and the building detail. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { BuildingDetail, BuildingFeatureCollection, BuildingFiltersQuery } from '#domain/buildings';
import type { VoteStats } from '#domain/votes';
import type { Db } from '../../db/client.ts';
import { architecturalStyles, buildings, buildingStyles, images, users } from '../../db/schema.ts';
import { imageUrl } from '../../storage/media-url.ts';
import { buildingFilterWhere } from './buildings.queries.ts';

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

const coverImage = {
  storage_key: images.storage_key,
  renditions: images.renditions,
};

/** Buildings matching the filters as GeoJSON, at most `maxFeatures` of them. */
export async function buildingsGeojson(
  db: Db,
  q: BuildingFiltersQuery,
  maxFeatures: number,
): Promise<BuildingFeatureCollection> {
  const rows = await db
    .select({
      id: buildings.id,
      name: buildings.name,
      description: buildings.description,
      lng: buildings.lng,
      lat: buildings.lat,
      year_built: buildings.year_built,
      year_demolished: buildings.year_demolished,
      image_count: buildings.image_count,
      views: buildings.views,
      upvotes: buildings.upvotes,
      meh_votes: buildings.meh_votes,
      downvotes: buildings.downvotes,
      cover: coverImage,
    })
    .from(buildings)
    .leftJoin(images, and(eq(images.id, buildings.cover_image_id), eq(images.status, 'ready')))
    .where(buildingFilterWhere(q))
    .orderBy(asc(buildings.id))
    .limit(maxFeatures + 1);

  const truncated = rows.length > maxFeatures;
  return {
    type: 'FeatureCollection',
    truncated,
    features: rows.slice(0, maxFeatures).map((r) => ({
      type: 'Feature',
      id: r.id,
      geometry: { type: 'Point', coordinates: [r.lng, r.lat] },
      properties: {
        id: r.id,
        name: r.name,
        description: r.description,
        year_built: r.year_built,
        year_demolished: r.year_demolished,
        cover_image: r.cover ? imageUrl(r.cover) : null,
        image_count: r.image_count,
        views: r.views,
        vote_stats: voteStats(r),
      },
    })),
  };
}

/** Building detail; counts the view. Null when no such building. */
export async function getBuildingDetail(db: Db, id: number): Promise<BuildingDetail | null> {
  return db.transaction(async (tx) => {
    const [b] = await tx
      .update(buildings)
      .set({ views: sql`${buildings.views} + 1` })
      .where(eq(buildings.id, id))
      .returning();
    if (!b) return null;
    const [styles, imageRows, adder, cover] = await Promise.all([
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
      architectural_styles: styles,
      images: imageRows.map((i) => ({ id: i.id, url: imageUrl(i) })),
      cover_image: cover[0] ? imageUrl(cover[0]) : null,
      image_count: b.image_count,
      views: b.views,
      vote_stats: voteStats(b),
      user_vote: null,
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

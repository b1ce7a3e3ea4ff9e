/**
 * Search across buildings, architects, styles and places (issue 17). Text is compared normalised
 * (atlas_search_norm: accents, case and punctuation folded), so 'batllo' finds 'Casa Batlló'.
 * Each kind is ranked on one scale, best first:
 *   4  the name is the query          3    the name starts with it
 *   2.5 a word of the name starts with it (buildings also get +1 × trigram word similarity)
 *   0.6–1 trigram word similarity (typos: 'falingwater'; buildings also match city and address)
 * Buildings, architects and styles come from SQL that runs the same on PGlite and PostgreSQL
 * (GIN trigram indexes on the normalised columns); places from the in-memory gazetteer.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SearchHit, SearchQuery } from '#domain/search';
import type { Db } from '../../db/client.ts';
import type { MediaUrls } from '../../storage/media-url.ts';
import { selectRows } from '../../db/rows.ts';
import { searchPlaces } from './places-index.ts';

interface Scored {
  score: number;
  hit: SearchHit;
}

/**
 * How many rows each of the two ways in may bring before ranking. Ranking computes a trigram
 * similarity per row (≈ 35 µs), so a common word matching 30,000 rows of a million must not all be
 * ranked: the name-prefix rows (btree, text_pattern_ops) and at most this many trigram rows (GIN)
 * are. Beyond it, which of many equally good matches are shown is the index's order.
 */
export const SEARCH_CANDIDATES = 200;

/** The rank of a row on the scale in the file comment; `name` and `matched` are normalised columns. */
const score = (name: SQL, matched: SQL) =>
  sql`(CASE WHEN ${name} = q.k THEN 3 WHEN ${name} LIKE q.k || '%' THEN 2
      WHEN ${name} LIKE '% ' || q.k || '%' THEN 1.5 ELSE 0 END + word_similarity(q.k, ${matched}))::float8`;

/**
 * The ids that may match: a name starting with the query, or from three characters on, trigram
 * word similarity at pg_trgm's default threshold (0.6); each way capped (see SEARCH_CANDIDATES).
 */
function candidates(table: SQL, name: SQL, matched: SQL, extra: SQL, limit: number): SQL {
  return sql`(SELECT t.id FROM ${table} t, q WHERE q.k <> '' AND t.${name} LIKE q.k || '%' ${extra} LIMIT ${limit})
    UNION
    (SELECT t.id FROM ${table} t, q WHERE length(q.k) >= 3 AND q.k <% t.${matched} ${extra} LIMIT ${SEARCH_CANDIDATES})`;
}

const normalised = (q: string) => sql`WITH q AS (SELECT atlas_search_norm(${q}) AS k)`;

async function searchBuildings(db: Db, media: MediaUrls, q: string, limit: number): Promise<Scored[]> {
  const rows = await selectRows<{
    score: number;
    id: number;
    name: string;
    city: string | null;
    country_code: string | null;
    year_built: number | null;
    lng: number;
    lat: number;
    storage_key: string | null;
    renditions: Record<string, string> | null;
  }>(
    db,
    sql`${normalised(q)}, c AS (${candidates(sql`buildings`, sql`search_name`, sql`search_text`, sql``, limit)})
        SELECT ${score(sql`b.search_name`, sql`b.search_text`)} AS score, b.id, b.name, b.city, b.country_code,
               b.year_built, b.lng, b.lat, i.storage_key, i.renditions
        FROM c JOIN buildings b ON b.id = c.id CROSS JOIN q
        LEFT JOIN images i ON i.id = b.cover_image_id AND i.status = 'ready'
        ORDER BY score DESC, b.id
        LIMIT ${limit}`,
  );
  return rows.map((b) => ({
    score: Number(b.score),
    hit: {
      type: 'building',
      id: b.id,
      name: b.name,
      city: b.city,
      country_code: b.country_code,
      year_built: b.year_built,
      coordinates: [b.lng, b.lat],
      cover_image: b.storage_key
        ? media.image({ storage_key: b.storage_key, renditions: b.renditions ?? {} })
        : null,
    },
  }));
}

/** Architects with at least one building, or styles: both have a name and a building count. */
async function searchNamed(db: Db, kind: 'architect' | 'style', q: string, limit: number): Promise<Scored[]> {
  const t =
    kind === 'architect'
      ? { table: sql`architects`, key: sql`name_key`, links: sql`building_architects`, fk: sql`architect_id` }
      : {
          table: sql`architectural_styles`,
          key: sql`search_name`,
          links: sql`building_styles`,
          fk: sql`style_id`,
        };
  const linked = sql`AND EXISTS (SELECT 1 FROM ${t.links} l WHERE l.${t.fk} = t.id)`;
  const rows = await selectRows<{ score: number; id: number; name: string; building_count: number }>(
    db,
    sql`${normalised(q)}, c AS (${candidates(t.table, t.key, t.key, linked, limit)})
        SELECT s.*, (SELECT count(*)::int FROM ${t.links} l WHERE l.${t.fk} = s.id) AS building_count
        FROM (
          SELECT ${score(sql`a.${t.key}`, sql`a.${t.key}`)} AS score, a.id, a.name
          FROM c JOIN ${t.table} a ON a.id = c.id CROSS JOIN q
          ORDER BY score DESC, a.id
          LIMIT ${limit}
        ) s
        ORDER BY s.score DESC, s.id`,
  );
  return rows.map((a) => ({
    score: Number(a.score),
    hit: { type: kind, id: a.id, name: a.name, building_count: Number(a.building_count) },
  }));
}

const TYPE_ORDER: Record<SearchHit['type'], number> = { building: 0, architect: 1, style: 2, place: 3 };

/** The best `limit` hits of every kind together. */
export async function search(db: Db, media: MediaUrls, { q, limit }: SearchQuery): Promise<SearchHit[]> {
  // One query after another: PGlite has a single connection anyway, and PostgreSQL's pool stays free.
  const buildingHits = await searchBuildings(db, media, q, limit);
  const architectHits = await searchNamed(db, 'architect', q, limit);
  const styleHits = await searchNamed(db, 'style', q, limit);
  const all = [...buildingHits, ...architectHits, ...styleHits, ...searchPlaces(q, limit)];
  all.sort((a, b) => b.score - a.score || TYPE_ORDER[a.hit.type] - TYPE_ORDER[b.hit.type]);
  return all.slice(0, limit).map((s) => s.hit);
}

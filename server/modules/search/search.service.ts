/**
 * Search across buildings, architects, styles and places. Text is compared normalised
 * (atlas_search_norm: accents, case and punctuation folded), so 'batllo' finds 'Casa Batlló'.
 * Each kind is ranked on one scale, best first:
 *   3    the name is the query           2  the name starts with it
 *   1.5  a word of the name starts with it
 *   each plus the trigram word similarity (0–1: 1 when the query ends where a word ends), or
 *   0.6–1 trigram word similarity alone (typos: 'falingwater'; buildings also match city and address)
 * Places (places-index.ts) are scored alike.
 * Buildings, architects and styles come from SQL that runs the same on PGlite and PostgreSQL
 * (btree prefix, full-text word and GIN trigram indexes on the normalised columns, used in that
 * order: see ranked()); places from the in-memory gazetteer.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SearchHit, SearchQuery } from '#domain/search';
import type { Db } from '../../db/client.ts';
import { visibleAlias } from '../../db/visibility.ts';
import type { MediaUrls } from '../../storage/media-url.ts';
import { selectRows } from '../../db/rows.ts';
import { searchPlaces } from './places-index.ts';

interface Scored {
  score: number;
  hit: SearchHit;
}

/**
 * How many rows each of the two wider ways in (word prefixes, trigram similarity) may bring before
 * ranking. Ranking computes a trigram similarity per row (≈ 10–35 µs), so a common word matching
 * 30,000 rows of a million must not all be ranked. Beyond it, which of many equally good matches
 * are shown is the index's order.
 */
export const SEARCH_CANDIDATES = 200;

/** The best score a row outside the name-prefix way can have (1.5 + a similarity of at most 1). */
const BEST_OUTSIDE_PREFIX = 2.5;

/** The rank of a row on the scale in the file comment; `name` and `matched` are normalised columns. */
const score = (name: SQL, matched: SQL) =>
  sql`(CASE WHEN ${name} = q.k THEN 3 WHEN ${name} LIKE q.k || '%' THEN 2
      WHEN ${name} LIKE '% ' || q.k || '%' THEN 1.5 ELSE 0 END + word_similarity(q.k, ${matched}))::float8`;

/** Where search looks in a table: normalised `name` and `matched` text, and an extra condition on `t`. */
interface Source {
  table: SQL;
  name: SQL;
  matched: SQL;
  extra: SQL;
}

/**
 * CTEs ending in `ranked (id, score)`: the rows that match — a name starting with the query, or from
 * three characters on, trigram word similarity at pg_trgm's threshold (`<%`, 0.6) — scored. They
 * are found in three steps, each taken only when the ones before leave room in the first `limit`
 * (measured at 1M rows, bench/README.md):
 *   p  names starting with the query (btree range, text_pattern_ops), at most `limit`;
 *   s  rows with every query word as a word, the last one as a word prefix (full-text GIN,
 *      'villa & moret:*'), at most SEARCH_CANDIDATES — skipped when `limit` name-prefix rows score
 *      above what any other row can (BEST_OUTSIDE_PREFIX). Every row whose name holds the query at
 *      a word start (score ≥ 1.5) matches this step (up to its cap);
 *   f  trigram word similarity (GIN), for typos, at most SEARCH_CANDIDATES — skipped when `limit`
 *      matching rows from p and s score at least 1, the most a row outside them can score.
 * A trigram scan of a common 2-word query reads posting lists of most rows of a million (≈ 60 ms);
 * p and s read only the query words' entries. `floor`: a score this kind's rows cannot beat to be
 * shown (kinds found before fill the answer; see search()), so s and f are skipped when they cannot
 * bring a row above it.
 */
function ranked(src: Source, q: string, limit: number, floor: number): SQL {
  const { table, name, matched, extra } = src;
  const scored = (ids: SQL) => sql`SELECT x.id, ${score(sql`x.${name}`, sql`x.${matched}`)} AS score,
      (x.${name} LIKE q.k || '%' OR (length(q.k) >= 3 AND q.k <% x.${matched})) AS near
    FROM ${ids} c JOIN ${table} x ON x.id = c.id CROSS JOIN q`;
  // q is inlined (NOT MATERIALIZED) so that, the query text being a bound value, the planner sees the
  // normalised text as a constant: the btree range and row estimates need it.
  return sql`WITH q AS NOT MATERIALIZED (
      SELECT k, CASE WHEN length(k) >= 3 THEN to_tsquery('simple', replace(k, ' ', ' & ') || ':*') END AS words
      FROM (SELECT atlas_search_norm(${q}) AS k) n),
    p AS (SELECT t.id FROM ${table} t, q
      WHERE q.k <> '' AND t.${name} ~>=~ q.k AND t.${name} ~<~ (q.k || chr(1114111)) AND t.${name} LIKE q.k || '%' ${extra}
      LIMIT ${limit}),
    s AS (SELECT t.id FROM ${table} t, q
      WHERE ${floor}::float8 < ${BEST_OUTSIDE_PREFIX}
        AND (SELECT count(*) FROM (${scored(sql`p`)}) ps WHERE ps.score > ${BEST_OUTSIDE_PREFIX}) < ${limit}
        AND to_tsvector('simple', t.${matched}) @@ q.words ${extra}
      LIMIT ${SEARCH_CANDIDATES}),
    ps AS (${scored(sql`(SELECT id FROM p UNION SELECT id FROM s)`)}),
    f AS (SELECT t.id FROM ${table} t, q
      WHERE length(q.k) >= 3 AND ${floor}::float8 < 1
        AND (SELECT count(*) FROM ps WHERE ps.near AND ps.score >= 1) < ${limit}
        AND q.k <% t.${matched} ${extra} AND t.id NOT IN (SELECT id FROM ps)
      LIMIT ${SEARCH_CANDIDATES}),
    ranked AS (SELECT id, score FROM ps WHERE near
      UNION ALL SELECT id, score FROM (${scored(sql`f`)}) fs)`;
}

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
    // Search answers are the same for everyone: what moderators hid is left out (visibility.ts).
    sql`${ranked({ table: sql`buildings`, name: sql`search_name`, matched: sql`search_text`, extra: sql`AND ${visibleAlias(null, 't', 'added_by')}` }, q, limit, -1)}
        SELECT r.score, b.id, b.name, b.city, b.country_code, b.year_built, b.lng, b.lat, i.storage_key, i.renditions
        FROM ranked r JOIN buildings b ON b.id = r.id
        LEFT JOIN images i ON i.id = b.cover_image_id AND i.status = 'ready' AND i.hidden_at IS NULL
        ORDER BY r.score DESC, b.id
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
async function searchNamed(
  db: Db,
  kind: 'architect' | 'style',
  q: string,
  limit: number,
  floor: number,
): Promise<Scored[]> {
  const t =
    kind === 'architect'
      ? { table: sql`architects`, key: sql`name_key`, links: sql`building_architects`, fk: sql`architect_id` }
      : {
          table: sql`architectural_styles`,
          key: sql`search_name`,
          links: sql`building_styles`,
          fk: sql`style_id`,
        };
  // Only buildings visitors see count (a hidden building's architect is not suggested for it).
  const visibleLinks = sql`${t.links} l JOIN buildings lb ON lb.id = l.building_id AND ${visibleAlias(null, 'lb', 'added_by')}`;
  const linked = sql`AND EXISTS (SELECT 1 FROM ${visibleLinks} WHERE l.${t.fk} = t.id)`;
  const rows = await selectRows<{ score: number; id: number; name: string; building_count: number }>(
    db,
    sql`${ranked({ table: t.table, name: t.key, matched: t.key, extra: linked }, q, limit, floor)}
        SELECT s.*, (SELECT count(*)::int FROM ${visibleLinks} WHERE l.${t.fk} = s.id) AS building_count
        FROM (
          SELECT r.score, a.id, a.name
          FROM ranked r JOIN ${t.table} a ON a.id = r.id
          ORDER BY r.score DESC, a.id
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

/**
 * The score a later kind must beat to be shown: with `limit` hits found already, the limit-th best
 * (a tie goes to the kind found before, TYPE_ORDER); otherwise none (-1).
 */
function floorOf(hits: Scored[], limit: number): number {
  if (hits.length < limit) return -1;
  return hits.map((h) => h.score).sort((a, b) => b - a)[limit - 1]!;
}

/** The best `limit` hits of every kind together. */
export async function search(db: Db, media: MediaUrls, { q, limit }: SearchQuery): Promise<SearchHit[]> {
  // One query after another: PGlite has a single connection anyway, and PostgreSQL's pool stays free.
  const buildingHits = await searchBuildings(db, media, q, limit);
  const architectHits = await searchNamed(db, 'architect', q, limit, floorOf(buildingHits, limit));
  const styleHits = await searchNamed(
    db,
    'style',
    q,
    limit,
    floorOf([...buildingHits, ...architectHits], limit),
  );
  const all = [...buildingHits, ...architectHits, ...styleHits, ...searchPlaces(q, limit)];
  // A tie goes to the kind first in TYPE_ORDER; places keep their order (biggest first): a stable sort.
  all.sort((a, b) => b.score - a.score || TYPE_ORDER[a.hit.type] - TYPE_ORDER[b.hit.type]);
  return all.slice(0, limit).map((s) => s.hit);
}

/**
 * Open data export: every building matching the map's filters, or one list's
 * buildings, streamed as GeoJSON or CSV in constant memory. Rows are read in keyset-paged batches
 * by id (`id > last ORDER BY id LIMIT n`: each batch costs the same however deep the export is,
 * and other requests run between batches, which matters on the single-connection PGlite), and a
 * batch is read only when the reply stream has taken the previous one (Readable.from pulls the
 * generator as the socket drains). docs/decisions/2026-11-23-open-data-export.md.
 */
import { Readable } from 'node:stream';
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import {
  CSV_HEADER_LINE,
  csvLine,
  exportFeature,
  geojsonEnvelope,
  type ExportFormat,
  type ExportRecord,
} from '#domain/export';
import { pages } from '#domain/pages';
import type { Db } from '../../db/client.ts';
import {
  architects,
  architecturalStyles,
  buildingArchitects,
  buildings,
  buildingStyles,
  images,
  listBuildings,
} from '../../db/schema.ts';
import type { MediaUrls } from '../../storage/media-url.ts';
import { absoluteUrl } from '../pages/page-head.ts';
import { selectRows } from '../../db/rows.ts';
import { coverImageJoin } from '../buildings/buildings.queries.ts';
import { visibleBuilding } from '../../db/visibility.ts';
import { voteStats } from '../buildings/buildings.service.ts';

/**
 * Rows read per query. Each batch is turned into text on the server's thread in one go, so a
 * batch is kept small enough to take a few milliseconds there: other requests are answered
 * between batches (the embedded database answers from its own thread,
 * docs/decisions/2026-11-27-embedded-database-in-a-worker-thread.md). A query's overhead stays
 * small beside its rows.
 */
export const EXPORT_BATCH_ROWS = 500;

export interface ExportContext {
  db: Db;
  media: MediaUrls;
  /** PUBLIC_URL: building pages and local media become absolute URLs. */
  publicUrl: string;
}

interface ExportRow {
  id: number;
  name: string;
  lng: number;
  lat: number;
  year_built: number | null;
  year_demolished: number | null;
  city: string | null;
  country_code: string | null;
  upvotes: number;
  meh_votes: number;
  downvotes: number;
  storage_key: string | null;
  renditions: Record<string, string> | null;
  styles: string[] | null;
  architects: string[] | null;
}

/** The buildings of one list (any order; the export orders by id). */
export function listMembersWhere(listId: number): SQL {
  return inArray(
    buildings.id,
    sql`(SELECT ${listBuildings.building_id} FROM ${listBuildings} WHERE ${eq(listBuildings.list_id, listId)})`,
  );
}

/** One batch: the next `limit` matching buildings after id `after`, with styles and architects. */
async function readBatch(ctx: ExportContext, where: SQL | undefined, after: number, limit: number) {
  const b = buildings;
  const rows = await selectRows<ExportRow>(
    ctx.db,
    sql`SELECT ${b.id} AS id, ${b.name} AS name, ${b.lng} AS lng, ${b.lat} AS lat,
               ${b.year_built} AS year_built, ${b.year_demolished} AS year_demolished,
               ${b.city} AS city, ${b.country_code} AS country_code,
               ${b.upvotes} AS upvotes, ${b.meh_votes} AS meh_votes, ${b.downvotes} AS downvotes,
               ${images.storage_key} AS storage_key, ${images.renditions} AS renditions,
               (SELECT json_agg(s.name ORDER BY s.name)
                  FROM ${buildingStyles} bs JOIN ${architecturalStyles} s ON s.id = bs.style_id
                 WHERE bs.building_id = ${b.id}) AS styles,
               (SELECT json_agg(a.name ORDER BY ba.position, a.id)
                  FROM ${buildingArchitects} ba JOIN ${architects} a ON a.id = ba.architect_id
                 WHERE ba.building_id = ${b.id}) AS architects
        FROM ${b} LEFT JOIN ${images} ON ${coverImageJoin}
        WHERE ${and(where, visibleBuilding(null), gt(b.id, after))}
        ORDER BY ${b.id}
        LIMIT ${limit}`,
  );
  return rows.map((r): ExportRecord => ({
    id: Number(r.id),
    name: r.name,
    lng: r.lng,
    lat: r.lat,
    year_built: r.year_built,
    year_demolished: r.year_demolished,
    styles: r.styles ?? [],
    architects: r.architects ?? [],
    city: r.city,
    country_code: r.country_code,
    url: `${ctx.publicUrl}${pages.building.href({ id: r.id })}`,
    cover_image: r.storage_key
      ? absoluteUrl(
          ctx.publicUrl,
          ctx.media.image({ storage_key: r.storage_key, renditions: r.renditions ?? {} }),
        )
      : null,
    vote_stats: voteStats(r),
  }));
}

/**
 * Every building matching `where`, by ascending id, `batchRows` at a time. Batches are separate
 * statements, not one snapshot: a building added or deleted during a long export may or may not
 * be in it, but none appears twice.
 */
export async function* exportBatches(
  ctx: ExportContext,
  where: SQL | undefined,
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<ExportRecord[]> {
  let after = 0;
  for (;;) {
    const batch = await readBatch(ctx, where, after, batchRows);
    if (batch.length > 0) yield batch;
    if (batch.length < batchRows) return;
    after = batch[batch.length - 1]!.id;
  }
}

/** The export document's text, a batch per chunk (plus the head and tail). */
export async function* exportChunks(
  batches: AsyncIterable<ExportRecord[]>,
  format: ExportFormat,
  name: string,
  now: Date,
): AsyncGenerator<string> {
  if (format === 'csv') {
    yield CSV_HEADER_LINE;
    for await (const batch of batches) yield batch.map(csvLine).join('');
    return;
  }
  const { head, tail } = geojsonEnvelope(name, now);
  yield head;
  let first = true;
  for await (const batch of batches) {
    const features = batch.map((r) => JSON.stringify(exportFeature(r))).join(',');
    yield first ? features : `,${features}`;
    first = false;
  }
  yield tail;
}

/** A byte stream of the export for a reply; destroying it (client gone) stops the reads. */
export function exportStream(chunks: AsyncIterable<string | Uint8Array>): Readable {
  return Readable.from(chunks, { objectMode: false });
}

/**
 * The cheap guard against exports as a denial of service (a whole-catalogue export reads every
 * row): one export at a time per client address, and at most `maxActive` in this process.
 */
export class ExportGuard {
  private readonly active = new Set<string>();

  constructor(private readonly maxActive: number) {}

  get running(): number {
    return this.active.size;
  }

  /** A release function, or null when this client (or the process) is at its limit. */
  acquire(client: string): (() => void) | null {
    if (this.active.has(client) || this.active.size >= this.maxActive) return null;
    this.active.add(client);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active.delete(client);
    };
  }
}

/**
 * Reports and the moderation queue: a user reports a target once while the report is open; the
 * queue groups the reports of each target; resolving hides the target or dismisses the reports,
 * for every open report of that target at once, in one transaction with the log entry.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  type CreateReportBody,
  type ReportQueueItem,
  type ReportStatus,
  type ReportTargetSummary,
} from '#domain/moderation';
import { isHideable, type ReportReason, type ReportTargetType } from '#domain/moderation-terms';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/rows.ts';
import { architects, buildings, comments, images, reports, users } from '../../db/schema.ts';
import { appendLog } from './moderation-log.ts';
import { setHidden } from './hiding.service.ts';
import { visibleTo, type Viewer } from '../../db/visibility.ts';

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return e.code === '23505' || e.cause?.code === '23505';
};

const EXCERPT_LENGTH = 200;
const excerpt = (text: string | null) =>
  text === null ? null : text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;

/** Whether the reporter can see the target (one cannot report what one cannot see). */
async function targetExists(db: Db, viewer: Viewer, type: ReportTargetType, id: number): Promise<boolean> {
  const found = async (query: Promise<unknown[]>) => (await query).length > 0;
  switch (type) {
    case 'building':
      return found(
        db
          .select({ id: buildings.id })
          .from(buildings)
          .where(and(eq(buildings.id, id), visibleTo(viewer, buildings.hidden_at, buildings.added_by))),
      );
    case 'image':
      return found(
        db
          .select({ id: images.id })
          .from(images)
          .innerJoin(buildings, eq(buildings.id, images.building_id))
          .where(
            and(
              eq(images.id, id),
              eq(images.status, 'ready'),
              visibleTo(viewer, images.hidden_at, images.added_by),
              visibleTo(viewer, buildings.hidden_at, buildings.added_by),
            ),
          ),
      );
    case 'comment':
      return found(
        db
          .select({ id: comments.id })
          .from(comments)
          .where(
            and(
              eq(comments.id, id),
              eq(comments.deleted, false),
              visibleTo(viewer, comments.hidden_at, comments.user_id),
            ),
          ),
      );
    case 'user':
      return found(
        db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, id), eq(users.is_system, false))),
      );
    case 'architect':
      return found(db.select({ id: architects.id }).from(architects).where(eq(architects.id, id)));
  }
}

export type CreateReportResult = { ok: true; id: number } | { ok: false; reason: 'missing' | 'duplicate' };

/** Files a report; one open report per reporter and target (the partial unique index decides races). */
export async function createReport(
  db: Db,
  reporter: Viewer,
  body: CreateReportBody,
): Promise<CreateReportResult> {
  if (!(await targetExists(db, reporter, body.target_type, body.target_id)))
    return { ok: false, reason: 'missing' };
  try {
    const id = await db.transaction(async (tx) => {
      const [open] = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(
          and(
            eq(reports.reporter_id, reporter.id),
            eq(reports.target_type, body.target_type),
            eq(reports.target_id, body.target_id),
            eq(reports.status, 'open'),
          ),
        );
      if (open) return null;
      const [row] = await tx
        .insert(reports)
        .values({
          target_type: body.target_type,
          target_id: body.target_id,
          reason: body.reason,
          note: body.note === undefined || body.note === '' ? null : body.note,
          reporter_id: reporter.id,
        })
        .returning({ id: reports.id });
      return row!.id;
    });
    return id === null ? { ok: false, reason: 'duplicate' } : { ok: true, id };
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: 'duplicate' };
    throw err;
  }
}

/** How many reported targets the queue shows at most (the busiest first). */
export const QUEUE_LIMIT = 200;

interface QueueRow {
  id: number;
  target_type: ReportTargetType;
  target_id: number;
  reasons: ReportReason[];
  notes: string[] | null;
  reporters_count: number | string;
  first_reported_at: string | Date;
  last_reported_at: string | Date;
  resolution: 'hidden' | 'dismissed' | null;
}

const iso = (d: string | Date) => new Date(d).toISOString();

/** One row per reported target with the given status: reasons, notes, how many reported it, a summary. */
export async function reportQueue(db: Db, status: ReportStatus): Promise<ReportQueueItem[]> {
  const order =
    status === 'open'
      ? sql`count(DISTINCT reporter_id) DESC, min(created_at) ASC`
      : sql`max(resolved_at) DESC NULLS LAST, max(id) DESC`;
  const rows = await selectRows<QueueRow>(
    db,
    sql`SELECT max(id) AS id, target_type, target_id,
               array_agg(DISTINCT reason ORDER BY reason) AS reasons,
               array_remove(array_agg(note ORDER BY id), NULL) AS notes,
               count(DISTINCT reporter_id)::integer AS reporters_count,
               min(created_at) AS first_reported_at, max(created_at) AS last_reported_at,
               (array_agg(resolution ORDER BY resolved_at DESC NULLS LAST, id DESC))[1] AS resolution
          FROM ${reports}
         WHERE status = ${status}
         GROUP BY target_type, target_id
         ORDER BY ${order}
         LIMIT ${QUEUE_LIMIT}`,
  );
  const summaries = await targetSummaries(
    db,
    rows.map((r) => ({ type: r.target_type, id: r.target_id })),
  );
  return rows.map((r) => ({
    id: r.id,
    target_type: r.target_type,
    target_id: r.target_id,
    reasons: r.reasons,
    notes: r.notes ?? [],
    reporters_count: Number(r.reporters_count),
    first_reported_at: iso(r.first_reported_at),
    last_reported_at: iso(r.last_reported_at),
    resolution: r.resolution,
    target: summaries.get(`${r.target_type}:${r.target_id}`) ?? null,
  }));
}

/** Summaries of the targets by 'type:id' (targets that are gone have none). */
async function targetSummaries(
  db: Db,
  targets: { type: ReportTargetType; id: number }[],
): Promise<Map<string, ReportTargetSummary>> {
  const ids = (type: ReportTargetType) => targets.filter((t) => t.type === type).map((t) => t.id);
  const out = new Map<string, ReportTargetSummary>();
  const owner = (handle: string | null) => (handle === null ? null : { handle });
  const buildingIds = ids('building');
  if (buildingIds.length) {
    const rows = await db
      .select({
        id: buildings.id,
        name: buildings.name,
        description: buildings.description,
        handle: users.handle,
        hidden_at: buildings.hidden_at,
      })
      .from(buildings)
      .leftJoin(users, eq(users.id, buildings.added_by))
      .where(inArray(buildings.id, buildingIds));
    for (const r of rows)
      out.set(`building:${r.id}`, {
        title: r.name,
        excerpt: excerpt(r.description),
        owner: owner(r.handle),
        hidden: r.hidden_at !== null,
        building_id: r.id,
      });
  }
  const imageIds = ids('image');
  if (imageIds.length) {
    const rows = await db
      .select({
        id: images.id,
        description: images.description,
        building_id: images.building_id,
        name: buildings.name,
        handle: users.handle,
        hidden_at: images.hidden_at,
      })
      .from(images)
      .innerJoin(buildings, eq(buildings.id, images.building_id))
      .innerJoin(users, eq(users.id, images.added_by))
      .where(inArray(images.id, imageIds));
    for (const r of rows)
      out.set(`image:${r.id}`, {
        title: `Image of ${r.name}`,
        excerpt: excerpt(r.description),
        owner: owner(r.handle),
        hidden: r.hidden_at !== null,
        building_id: r.building_id,
      });
  }
  const commentIds = ids('comment');
  if (commentIds.length) {
    const rows = await selectRows<{
      id: number;
      content: string;
      handle: string;
      hidden: boolean;
      building_id: number | null;
    }>(
      db,
      sql`SELECT c.id, c.content, u.handle, c.hidden_at IS NOT NULL AS hidden,
                 CASE WHEN c.target_type = 'building' THEN c.target_id ELSE i.building_id END AS building_id
            FROM ${comments} c
            JOIN ${users} u ON u.id = c.user_id
            LEFT JOIN ${images} i ON c.target_type = 'image' AND i.id = c.target_id
           WHERE c.id IN (${sql.join(
             commentIds.map((id) => sql`${id}`),
             sql`, `,
           )})`,
    );
    for (const r of rows)
      out.set(`comment:${r.id}`, {
        title: `Comment by ${r.handle}`,
        excerpt: excerpt(r.content),
        owner: owner(r.handle),
        hidden: r.hidden,
        building_id: r.building_id,
      });
  }
  const userIds = ids('user');
  if (userIds.length) {
    const rows = await db
      .select({ id: users.id, handle: users.handle, suspended_at: users.suspended_at })
      .from(users)
      .where(inArray(users.id, userIds));
    for (const r of rows)
      out.set(`user:${r.id}`, {
        title: r.handle,
        excerpt: null,
        owner: owner(r.handle),
        hidden: r.suspended_at !== null,
        building_id: null,
      });
  }
  const architectIds = ids('architect');
  if (architectIds.length) {
    const rows = await db
      .select({ id: architects.id, name: architects.name })
      .from(architects)
      .where(inArray(architects.id, architectIds));
    for (const r of rows)
      out.set(`architect:${r.id}`, {
        title: r.name,
        excerpt: null,
        owner: null,
        hidden: false,
        building_id: null,
      });
  }
  return out;
}

export type ResolveResult =
  | { ok: true; resolved: number }
  | { ok: false; reason: 'missing' | 'resolved' | 'not_hideable' | 'target_gone' };

/**
 * Resolves every open report of the target of report `id`: 'hide' hides the target (buildings,
 * images, comments), 'dismiss' leaves it; one log entry either way.
 */
export async function resolveReports(
  db: Db,
  moderator: Viewer,
  id: number,
  action: 'hide' | 'dismiss',
  note: string | undefined,
): Promise<ResolveResult> {
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({ target_type: reports.target_type, target_id: reports.target_id, status: reports.status })
      .from(reports)
      .where(eq(reports.id, id));
    if (!report) return { ok: false, reason: 'missing' };
    if (report.status !== 'open') return { ok: false, reason: 'resolved' };
    const { target_type: type, target_id: targetId } = report;
    if (action === 'hide') {
      if (!isHideable(type)) return { ok: false, reason: 'not_hideable' };
      const hidden = await setHidden(tx, moderator, type, targetId, true);
      if (hidden === 'missing') return { ok: false, reason: 'target_gone' };
    }
    const now = new Date();
    const resolved = await tx
      .update(reports)
      .set({
        status: 'resolved',
        resolved_at: now,
        resolved_by: moderator.id,
        resolution: action === 'hide' ? 'hidden' : 'dismissed',
        resolution_note: note === undefined || note === '' ? null : note,
      })
      .where(and(eq(reports.target_type, type), eq(reports.target_id, targetId), eq(reports.status, 'open')))
      .returning({ id: reports.id });
    await appendLog(tx, { actorId: moderator.id, action, targetType: type, targetId, note: note || null });
    return { ok: true, resolved: resolved.length };
  });
}

/**
 * GET /api/buildings/export and GET /api/lists/{id}/export: downloads of the catalogue
 * (the map's filters) or of one list, streamed (buildings.export.ts), under the data licence.
 *
 * Each reads many rows, so exports are limited three ways: per address and minute
 * (RATE_LIMIT_EXPORTS_PER_IP_PER_MINUTE, counted by server/http/rate-limit.ts before the route
 * runs), one at a time per address and EXPORT_MAX_ACTIVE at once (ExportGuard), and in time: a
 * download that outlives EXPORT_DEADLINE_MS, or whose reader takes less than
 * EXPORT_MIN_BYTES_PER_SECOND, is cut and its slot freed (server/http/transfer-guard.ts).
 *
 * GET /api/users/{handle}/export ("Download my data", account.export.ts) is an export too: the
 * same three limits, and a ZIP instead of a document.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SQL } from 'drizzle-orm';
import { exportEndpoints } from '#domain/endpoints/export';
import {
  DATA_LICENSE_LINK,
  EXPORT_CONTENT_TYPES,
  exportFilename,
  type ExportFormat,
  type ExportRecord,
} from '#domain/export';
import { ACCOUNT_EXPORT_CONTENT_TYPE, accountExportFilename } from '#domain/account-export';
import { forbidden, notFound, sendProblem } from '../../http/errors.ts';
import { zipStream } from '../../lib/zip-stream.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { findUserByHandle } from '../users/users.service.ts';
import { accountExportEntries, accountProfile } from './account.export.ts';
import { route } from '../../http/route.ts';
import { guardTransfer, TRANSFER_WINDOW_MS } from '../../http/transfer-guard.ts';
import { listForExport, listRoute } from '../lists/lists.service.ts';
import { routeGpx } from '#domain/gpx';
import { pages, SITE_NAME, userSectionHref } from '#domain/pages';
import { buildingFilterWhere } from '../buildings/buildings.queries.ts';
import {
  exportBatches,
  exportChunks,
  ExportGuard,
  exportStream,
  listMembersWhere,
  type ExportContext,
} from './buildings.export.ts';

/** Exports running at once in one process, whoever asks. */
export const EXPORT_MAX_ACTIVE = 4;
/** What a refused client is told to wait: an export of 100k buildings takes a few seconds. */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

/** Async iteration over a batch already read and the rest still to read. */
async function* prepend<T>(first: IteratorResult<T>, rest: AsyncGenerator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  yield* rest;
}

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = new ExportGuard(EXPORT_MAX_ACTIVE);
  const ctx: ExportContext = { db: app.db, media: app.media, publicUrl: app.config.publicUrl };
  const limits = { ...app.config.export, windowMs: TRANSFER_WINDOW_MS };

  /** The guard's slot for this client, or null after answering 429. */
  function acquire(request: FastifyRequest, reply: FastifyReply): (() => void) | null {
    const release = guard.acquire(request.ip);
    if (!release) {
      reply.header('retry-after', String(EXPORT_RETRY_AFTER_SECONDS));
      void sendProblem(
        reply,
        429,
        guard.running >= EXPORT_MAX_ACTIVE
          ? 'Too many exports are running. Please try again in a few seconds.'
          : 'An export from your address is still running. Please wait for it to finish.',
        { retryAfterSeconds: EXPORT_RETRY_AFTER_SECONDS },
      );
      return null;
    }
    return release;
  }

  // A user's own data download may be gigabytes of photos: a longer deadline, the same least rate.
  const accountLimits = { ...limits, deadlineMs: app.config.accountExportDeadlineMs };

  /** Sends `body` as the download, freeing the slot when it ends, fails or is cut. */
  function sendGuarded(
    request: FastifyRequest,
    reply: FastifyReply,
    release: () => void,
    body: AsyncIterable<string | Uint8Array>,
    transferLimits = limits,
  ) {
    const stream = guardTransfer(exportStream(body), reply.raw, transferLimits, (why) => {
      release();
      request.log.warn({ why }, 'export cut: its slot is freed for others');
    });
    stream.once('close', release);
    reply.raw.once('close', release);
    return reply.send(stream);
  }

  async function sendExport(
    request: FastifyRequest,
    reply: FastifyReply,
    where: SQL | undefined,
    format: ExportFormat,
    title: string,
    listId?: number,
  ) {
    const release = acquire(request, reply);
    if (!release) return reply;
    try {
      const batches = exportBatches(ctx, where);
      // The first batch is read before the answer starts, so a database failure is still a
      // problem answer (503) rather than a cut-off download.
      const first = await batches.next();
      const now = new Date();
      reply
        .header('content-type', EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${exportFilename(format, now, listId)}"`)
        .header('link', DATA_LICENSE_LINK);
      return sendGuarded(
        request,
        reply,
        release,
        exportChunks(prepend<ExportRecord[]>(first, batches), format, title, now),
      );
    } catch (err) {
      release();
      throw err;
    }
  }

  // Downloads of many rows: counted together in the exports' own per-address window, not as reads.
  route(
    app,
    exportEndpoints.catalogue,
    async (request, reply) => {
      const { format, ...filters } = request.query;
      return sendExport(request, reply, buildingFilterWhere(filters), format, SITE_NAME);
    },
    { reads: 'export' },
  );

  /**
   * format=gpx: the list as a walking tour (lists.service.ts listRoute), a small document built
   * at once rather than streamed: a list is read whole to order it.
   */
  async function sendGpx(reply: FastifyReply, listId: number, viewerId: number | null, start?: number) {
    const route = await listRoute(app.db, listId, viewerId, start);
    const now = new Date();
    const url = (path: string) => `${app.config.publicUrl}${path}`;
    const gpx = routeGpx({
      name: route.list.name,
      url: url(userSectionHref(route.list.owner.handle, 'lists')),
      stops: route.stops.map((s) => ({ ...s, url: url(pages.building.href({ id: s.id })) })),
      generatedAt: now,
    });
    return reply
      .header('content-type', EXPORT_CONTENT_TYPES.gpx)
      .header('content-disposition', `attachment; filename="${exportFilename('gpx', now, listId)}"`)
      .header('link', DATA_LICENSE_LINK)
      .send(gpx);
  }

  route(
    app,
    exportEndpoints.list,
    async (request, reply) => {
      const viewerId = request.user?.id ?? null;
      if (request.query.format === 'gpx') {
        return sendGpx(reply, request.params.id, viewerId, request.query.start);
      }
      const list = await listForExport(app.db, request.params.id, viewerId);
      return sendExport(
        request,
        reply,
        listMembersWhere(list.id),
        request.query.format,
        `${list.name} – ${SITE_NAME}`,
        list.id,
      );
    },
    { reads: 'export' },
  );

  // Download my data: the user themself only (an admin too gets 403: another person's email,
  // hidden content and original photos are not theirs to download).
  route(
    app,
    exportEndpoints.account,
    async (request, reply) => {
      const me = requireUser(request);
      const target = await findUserByHandle(app.db, request.params.handle);
      if (!target) throw notFound('User not found');
      if (target.id !== me.id) throw forbidden('You can only download your own data.');
      const release = acquire(request, reply);
      if (!release) return reply;
      try {
        // Read before the answer starts: a database failure is still a problem answer.
        const profile = await accountProfile(app.db, me.id);
        if (!profile) throw notFound('User not found');
        const entries = accountExportEntries(
          { db: app.db, storage: app.storage, publicUrl: app.config.publicUrl },
          profile,
        );
        reply
          .header('content-type', ACCOUNT_EXPORT_CONTENT_TYPE)
          .header(
            'content-disposition',
            `attachment; filename="${accountExportFilename(profile.handle, new Date())}"`,
          );
        return sendGuarded(request, reply, release, zipStream(entries), accountLimits);
      } catch (err) {
        release();
        throw err;
      }
    },
    { reads: 'export' },
  );
};

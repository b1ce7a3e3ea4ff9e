/**
 * GET /api/buildings/export and GET /api/lists/{id}/export (issue 20): downloads of the catalogue
 * (the map's filters) or of one list, streamed (buildings.export.ts), under the data licence.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SQL } from 'drizzle-orm';
import {
  buildingExportQuerySchema,
  DATA_LICENSE,
  DATA_LICENSE_LINK,
  EXPORT_CONTENT_TYPES,
  exportFeatureCollectionSchema,
  exportFilename,
  listExportQuerySchema,
  type ExportFormat,
  type ExportRecord,
} from '#domain/export';
import { listIdParamsSchema } from '#domain/lists';
import { problemSchema } from '#domain/problem';
import { sendProblem } from '../../http/errors.ts';
import { listForExport } from '../lists/lists.service.ts';
import { SITE_NAME } from '../pages/page-head.ts';
import { buildingFilterWhere } from './buildings.queries.ts';
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

const DOWNLOAD =
  `A download (Content-Disposition: attachment) under the ${DATA_LICENSE.name}, stated by a ` +
  '`Link: <…>; rel="license"` header and, in GeoJSON, by the top-level `license`, `license_url` and ' +
  '`attribution` members. CSV columns: id,name,lng,lat,year_built,year_demolished,styles,architects,' +
  "city,country_code,url (RFC 4180; text cells starting with = + - @ get a leading '). Streamed in " +
  'batches by ascending id. One export at a time per client: 429 with Retry-After otherwise. See docs/api.md.';

const responses = {
  200: exportFeatureCollectionSchema.describe('GeoJSON (format=geojson) or CSV (format=csv)'),
  400: problemSchema,
  429: problemSchema,
};

/** Async iteration over a batch already read and the rest still to read. */
async function* prepend<T>(first: IteratorResult<T>, rest: AsyncGenerator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  yield* rest;
}

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = new ExportGuard(EXPORT_MAX_ACTIVE);
  const ctx: ExportContext = { db: app.db, media: app.media, publicUrl: app.config.publicUrl };

  async function sendExport(
    request: FastifyRequest,
    reply: FastifyReply,
    where: SQL | undefined,
    format: ExportFormat,
    title: string,
    listId?: number,
  ) {
    const release = guard.acquire(request.ip);
    if (!release) {
      reply.header('retry-after', String(EXPORT_RETRY_AFTER_SECONDS));
      return sendProblem(
        reply,
        429,
        guard.running >= EXPORT_MAX_ACTIVE
          ? 'Too many exports are running. Please try again in a few seconds.'
          : 'An export from your address is still running. Please wait for it to finish.',
        { retryAfterSeconds: EXPORT_RETRY_AFTER_SECONDS },
      );
    }
    try {
      const batches = exportBatches(ctx, where);
      // The first batch is read before the answer starts, so a database failure is still a
      // problem answer (503) rather than a cut-off download.
      const first = await batches.next();
      const now = new Date();
      const stream = exportStream(exportChunks(prepend<ExportRecord[]>(first, batches), format, title, now));
      stream.once('close', release);
      reply.raw.once('close', release);
      return reply
        .header('content-type', EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${exportFilename(format, now, listId)}"`)
        .header('link', DATA_LICENSE_LINK)
        .send(stream);
    } catch (err) {
      release();
      throw err;
    }
  }

  app.get(
    '/buildings/export',
    {
      schema: {
        tags: ['buildings'],
        summary: 'The whole catalogue matching the map filters, as a GeoJSON or CSV download',
        description: `The filters of GET /api/buildings/geojson (no zoom). ${DOWNLOAD}`,
        querystring: buildingExportQuerySchema,
        response: responses,
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      return sendExport(request, reply, buildingFilterWhere(filters), format, SITE_NAME);
    },
  );

  app.get(
    '/lists/:id/export',
    {
      schema: {
        tags: ['lists'],
        summary: "A list's buildings as a GeoJSON or CSV download",
        description: `The same visibility as reading the list: another user's private list is a 404. ${DOWNLOAD}`,
        params: listIdParamsSchema,
        querystring: listExportQuerySchema,
        response: { ...responses, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const list = await listForExport(app.db, request.params.id, request.user?.id ?? null);
      return sendExport(
        request,
        reply,
        listMembersWhere(list.id),
        request.query.format,
        `${list.name} – ${SITE_NAME}`,
        list.id,
      );
    },
  );
};

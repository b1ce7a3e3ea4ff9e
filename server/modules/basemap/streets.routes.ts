/**
 * The operator's Protomaps archive with streets (BASEMAP_PMTILES), same origin, for the map's
 * PMTiles reader: GET and HEAD /basemap/streets/<version>.pmtiles answer byte ranges (206, 416
 * for a range past the end, If-Range against our ETag), cached for a year as immutable (a new
 * archive has a new version, hence a new URL). A local file is read from disk; a remote one is
 * fetched range by range from its https:// server (streets-archive.ts). Nothing is decompressed
 * or re-encoded: the archive's tiles are stored compressed, and the reader expects its bytes.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BASEMAP_STREETS_PREFIX } from '#domain/streets-basemap';
import { etagMatches } from '../../http/compression.ts';
import { sendProblem } from '../../http/errors.ts';
import { answerRange } from './byte-range.ts';
import { TileType } from 'pmtiles';
import { openStreetsArchive, UpstreamError, type StreetsArchive } from './streets-archive.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const FILE_PATTERN = /^([0-9a-f]{12})\.pmtiles$/;

export interface StreetsRoutesOptions {
  /** The archive served (openServedStreets); undefined when none is configured or it failed to open. */
  archive: StreetsArchive | undefined;
}

/**
 * Opens BASEMAP_PMTILES, if set; undefined, with a warning, when it cannot be read (the maps then
 * draw the offline world basemap only, and the server still starts).
 */
export async function openServedStreets(
  log: FastifyBaseLogger,
  location: string | undefined,
): Promise<StreetsArchive | undefined> {
  if (!location) return undefined;
  try {
    const archive = await openStreetsArchive(location);
    log.info(
      {
        archive: archive.describe,
        bytes: archive.size,
        maxZoom: archive.header.maxZoom,
        version: archive.version,
      },
      'serving the streets basemap',
    );
    if (archive.header.tileType !== TileType.Mvt)
      log.warn('the streets archive does not hold vector (MVT) tiles; the map cannot draw it');
    return archive;
  } catch (error) {
    log.warn({ err: error }, 'BASEMAP_PMTILES could not be opened; maps show the offline world basemap only');
    return undefined;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

export async function streetsRoutes(app: FastifyInstance, { archive }: StreetsRoutesOptions) {
  if (archive) app.addHook('onClose', async () => archive.close());

  const answer = async (request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
    if (!archive) return sendProblem(reply, 404, 'No streets basemap is configured (BASEMAP_PMTILES).');
    const version = FILE_PATTERN.exec(request.params.file)?.[1];
    if (version !== archive.version) {
      return sendProblem(reply, 404, 'No such streets archive (the map was updated: reload the page).');
    }
    reply
      .header('accept-ranges', 'bytes')
      .header('etag', archive.etag)
      .header('cache-control', IMMUTABLE)
      .type('application/vnd.pmtiles');
    if (archive.lastModified) reply.header('last-modified', archive.lastModified);
    if (etagMatches(header(request, 'if-none-match'), archive.etag)) return reply.code(304).send();

    const range = answerRange(
      { range: header(request, 'range'), ifRange: header(request, 'if-range') },
      archive,
    );
    if (range.kind === 'unsatisfiable') {
      reply.header('content-range', `bytes */${archive.size}`);
      return sendProblem(reply, 416, `The archive has ${archive.size} bytes; that range is outside them.`);
    }
    const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, archive.size - 1];
    if (range.kind === 'part')
      reply.code(206).header('content-range', `bytes ${start}-${end}/${archive.size}`);
    reply.header('content-length', end - start + 1);
    if (request.method === 'HEAD') return reply.send();
    try {
      return reply.send(await archive.read(start, end));
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      request.log.warn({ err: error }, 'the streets archive could not be read');
      reply.removeHeader('content-range').removeHeader('content-length').removeHeader('cache-control');
      return sendProblem(
        reply,
        502,
        'The streets basemap could not be read from its server; try again later.',
      );
    }
  };

  // HEAD is answered from what we know (size, validators), without reading the archive.
  app.route<{ Params: { file: string } }>({
    method: ['GET', 'HEAD'],
    url: `${BASEMAP_STREETS_PREFIX}/:file`,
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: answer,
  });
}

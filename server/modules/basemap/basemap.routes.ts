/**
 * The offline world basemap, same origin (product §2: light and dark map styles):
 * - GET /basemap/tiles.json: TileJSON naming the current archive's tile URLs on PUBLIC_URL
 *   (no-cache: it changes when the archive does);
 * - GET /basemap/<version>/<z>/<x>/<y>.mvt: a vector tile, cached for a year as immutable
 *   (the version is a hash of the archive's inputs), gzip-encoded when the client accepts it
 *   (stored so), 204 where the archive has no tile (open sea: MapLibre draws it empty).
 * The archive is made by `npm run build` (scripts/basemap/generate.ts), never here.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from '../../http/errors.ts';
import {
  BASEMAP_ATTRIBUTION,
  BASEMAP_BOUNDS,
  BASEMAP_PREFIX,
  BASEMAP_TILEJSON_PATH,
  basemapTilePath,
} from '#domain/basemap';
import {
  BASEMAP_DIR,
  BASEMAP_LAYERS,
  openBasemap,
  readManifest,
  type BasemapReader,
} from '../../geo/basemap-file.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const TILE_PATTERN = /^(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.mvt$/;

export interface BasemapRoutesOptions {
  /** The archive served (openServedBasemap); undefined when none could be opened. */
  basemap: BasemapReader | undefined;
}

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * Opens the archive `dir`'s manifest names (default dist/basemap); undefined, with a warning, when
 * there is none or it cannot be read: the maps then show their plain background.
 */
export async function openServedBasemap(
  log: FastifyBaseLogger,
  dir: string = BASEMAP_DIR,
): Promise<BasemapReader | undefined> {
  const manifest = readManifest(dir);
  if (!manifest) {
    log.warn('no basemap archive in %s (npm run build makes it); maps show a plain background', dir);
    return undefined;
  }
  try {
    return await openBasemap(path.join(dir, manifest.file), manifest.version);
  } catch (error) {
    log.warn({ err: error }, 'the basemap archive could not be opened; maps show a plain background');
    return undefined;
  }
}

/** The basemap's routes; the archive is closed with the app. */
export async function basemapRoutes(app: FastifyInstance, { basemap: reader }: BasemapRoutesOptions) {
  app.addHook('onClose', async () => reader?.close());

  const missing = (reply: FastifyReply) =>
    sendProblem(reply, 404, 'The basemap is not built. Run `npm run build` (npm start does it for you).');

  // The site's own address (PUBLIC_URL, by default http://HOST:PORT), as the sitemap and canonical
  // links use: never the request's Host header, which the client writes.
  const origin = app.config.publicUrl;

  app.get(BASEMAP_TILEJSON_PATH, { schema: { hide: true } }, async (_request, reply) => {
    if (!reader) return missing(reply);
    return reply.header('cache-control', 'no-cache').send({
      tilejson: '3.0.0',
      name: 'Atlas of Buildings world basemap',
      version: reader.version,
      attribution: BASEMAP_ATTRIBUTION,
      scheme: 'xyz',
      tiles: [`${origin}${basemapTilePath(reader.version)}`],
      minzoom: reader.header.minZoom,
      maxzoom: reader.header.maxZoom,
      bounds: BASEMAP_BOUNDS,
      vector_layers: BASEMAP_LAYERS.map((id) => ({ id, fields: {} })),
    });
  });

  app.get<{ Params: { version: string; '*': string } }>(
    `${BASEMAP_PREFIX}/:version/*`,
    { schema: { hide: true } },
    async (request, reply) => {
      if (!reader) return missing(reply);
      if (request.params.version !== reader.version) {
        return sendProblem(reply, 404, 'No such basemap version (the map was updated: reload the page).');
      }
      const match = TILE_PATTERN.exec(request.params['*']);
      const [z, x, y] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [NaN, NaN, NaN];
      if (!match || x >= 2 ** z || y >= 2 ** z || z > 30) {
        return sendProblem(reply, 404, 'No such tile: the path is /basemap/<version>/<z>/<x>/<y>.mvt.');
      }
      reply.header('cache-control', IMMUTABLE).header('vary', 'Accept-Encoding');
      const tile = await reader.tile(z, x, y);
      if (!tile) return reply.code(204).send();
      reply.type('application/vnd.mapbox-vector-tile');
      if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(tile);
      return reply.send(zlib.gunzipSync(tile));
    },
  );
}

/**
 * GET /api/locator.svg?lng=&lat=&scheme=light|dark&v=: a small picture of where
 * a point is, for buildings without a cover image: its country's outline on the basemap's land
 * and water, with a dot at the point (locator.service.ts draws and caches it).
 *
 * The URL holds everything the picture depends on (coordinates rounded to LOCATOR_DECIMALS, the
 * scheme, the drawing's version), so with the current `v` the answer is cached for a year as
 * immutable; without it (or with an old one) for a day. An ETag answers revalidations with 304.
 * The SVG holds numbers and fixed colours only, never text from a request or a user.
 * Its frames come drawn from the build (dist/locator/frames.json), read when the routes register.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { locatorEndpoints } from '#domain/endpoints/locator';
import { LOCATOR_VERSION } from '#domain/locator';
import { sendEncoded } from '../../http/compression.ts';
import { route } from '../../http/route.ts';
import { readLocatorFrames } from './locator-frames-file.ts';
import { LocatorService } from './locator.service.ts';

export const LOCATOR_IMMUTABLE = 'public, max-age=31536000, immutable';
export const LOCATOR_UNVERSIONED = 'public, max-age=86400';

export interface LocatorRoutesOptions {
  /** The build's frames file (tests give their own); dist/locator/frames.json by default. */
  framesFile?: string;
}

export const locatorRoutes: FastifyPluginAsyncZod<LocatorRoutesOptions> = async (app, opts) => {
  // Every frame drawn at build time, so no request draws one (locator-frames-file.ts).
  const read = readLocatorFrames(opts.framesFile);
  if ('missing' in read) {
    app.log.warn(
      { why: read.missing },
      'locator frames not built (npm run build makes them): pictures draw their frames on demand',
    );
  }
  const locator = new LocatorService('frames' in read ? { held: read.frames } : {});

  route(app, locatorEndpoints.picture, async (request, reply) => {
    const { lng, lat, scheme, v } = request.query;
    const body = await locator.picture(lng, lat, scheme);
    reply
      .type('image/svg+xml')
      .header('cache-control', v === LOCATOR_VERSION ? LOCATOR_IMMUTABLE : LOCATOR_UNVERSIONED);
    return sendEncoded(request, reply, body);
  });
};

/**
 * The built web app's files. The build writes a `.br` and a `.gz` next to every
 * compressible file (vite.config.ts, precompressAssets); @fastify/static sends the one the
 * client accepts (`preCompressed`, with `Vary: Accept-Encoding`). Files under /assets carry a
 * content hash in their name, so browsers keep them for a year without asking again; anything
 * else (index.html, favicon) is revalidated on every use (`no-cache`, with ETag and
 * Last-Modified, answered 304 when unchanged).
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function cacheControlFor(filePath: string): string {
  return /[\\/]assets[\\/]/.test(filePath) ? IMMUTABLE : REVALIDATE;
}

export async function registerStaticFiles(app: FastifyInstance, webDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    wildcard: false,
    // A route a file, made at start: the compressed copies need none (preCompressed finds them
    // beside the file), which leaves a third of the routes and of their start-up time.
    globIgnore: ['**/*.br', '**/*.gz'],
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });
}

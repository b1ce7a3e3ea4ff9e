/**
 * GET /media/* for the local storage: renditions only, read-only, from DATA_DIR/media only
 * (@fastify/static resolves inside its root; keys must be rendition keys on top). Originals and
 * files being uploaded live in DATA_DIR/media-private and are never served.
 * With S3 storage files are read from S3_PUBLIC_URL and nothing is registered here.
 */
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { LocalStorage } from './local-storage.ts';
import { isPublicKey } from './storage.ts';

export async function mediaRoutes(app: FastifyInstance) {
  const storage = app.storage;
  if (!(storage instanceof LocalStorage)) return;
  await app.register(fastifyStatic, {
    root: storage.root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    // A key names one content for ever (a new upload gets a new key).
    maxAge: '365d',
    immutable: true,
    allowedPath: (pathName) => isPublicKey(pathName.replace(/^\//, '')),
    setHeaders: (reply) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; sandbox");
    },
  });
}

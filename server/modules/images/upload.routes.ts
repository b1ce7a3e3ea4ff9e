/**
 * PUT /api/uploads/<key>?expires=…&signature=… — the local storage's upload URL. Accepts one file
 * per URL: signed and unexpired, the declared Content-Type, 1 byte to MAX_UPLOAD_BYTES, and only
 * while its image is pending and no file is stored yet. Registered only when the storage receives
 * uploads on this server (its uploadReceiver(): local storage).
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMAGE_CONTENT_TYPES } from '#domain/images';
import { imageEndpoints } from '#domain/endpoints/images';
import { HttpProblem, isDiskFull } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { AlreadyUploadedError, EmptyUploadError, UploadTooLargeError } from '../../storage/local-storage.ts';
import { PRIVATE_PREFIX, STORAGE_KEY_PATTERN } from '../../storage/storage.ts';
import { imageAwaitingUpload } from './uploads.service.ts';

const contentTypeOf = (key: string): string | undefined =>
  (IMAGE_CONTENT_TYPES as Record<string, string>)[key.slice(key.lastIndexOf('.')).toLowerCase()];

/** A refusal sent before the body was read: the rest of the body is not worth receiving. */
function refuse(reply: FastifyReply, status: number, detail: string): never {
  reply.header('connection', 'close');
  throw new HttpProblem(status, detail);
}

export const uploadRoutes: FastifyPluginAsync = async (plain) => {
  const receiver = plain.storage.uploadReceiver();
  if (!receiver) return;
  const { maxUploadBytes } = plain.storage;
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // Any body type reaches the handler unread, as a stream (this plugin's routes only).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  route(app, imageEndpoints.receiveUpload, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const contentType = contentTypeOf(key);
    if (!STORAGE_KEY_PATTERN.test(key) || !key.startsWith(PRIVATE_PREFIX) || !contentType)
      refuse(reply, 404, 'No such upload URL.');
    const { expires, signature } = request.query;
    const check = receiver.checkUpload(key, contentType, expires, signature);
    if (check === 'invalid') refuse(reply, 403, 'This upload URL is not valid.');
    if (check === 'expired') refuse(reply, 403, 'This upload URL has expired.');

    const declared = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (declared !== contentType)
      refuse(reply, 415, `The file must be sent with Content-Type ${contentType}.`);
    const image = await imageAwaitingUpload(app.db, key);
    if (!image) refuse(reply, 404, 'No image waits for this upload.');
    if (image.status !== 'pending') refuse(reply, 409, 'This upload URL was already used.');
    // A pending image reserves the size its upload declared (else MAX_UPLOAD_BYTES): no more.
    const limit = Math.min(maxUploadBytes, image.size_bytes ?? maxUploadBytes);
    const tooLarge = `The file is larger than ${limit} bytes${limit < maxUploadBytes ? ' (the size given when the upload was started)' : ''}.`;
    const length = Number(request.headers['content-length']);
    if (length > limit) refuse(reply, 413, tooLarge);

    try {
      await receiver.receiveUpload(key, request.raw, limit);
    } catch (err) {
      if (err instanceof UploadTooLargeError) refuse(reply, 413, tooLarge);
      if (err instanceof AlreadyUploadedError) refuse(reply, 409, 'This upload URL was already used.');
      // Nothing is kept and the URL stays usable, as for a file that is too large.
      if (err instanceof EmptyUploadError) throw new HttpProblem(400, 'The file is empty.');
      // Nothing was kept (receiveUpload removes its temporary file) and the image stays pending,
      // so the same URL can be used again once there is room.
      if (isDiskFull(err)) {
        reply.log.error({ err, key }, 'upload: disk full');
        refuse(reply, 507, 'There is no room to store this file at the moment. Please try again later.');
      }
      throw err;
    }
    return reply.code(204).send(null);
  });
};

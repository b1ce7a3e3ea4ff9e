/** /api/images (product §7): upload sessions, confirmation, processing, reading and deleting. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imageEndpoints } from '#domain/endpoints/images';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { updateImageCredit } from './image-credit.service.ts';
import { getImage, listImages } from './images.queries.ts';
import { deleteImage } from './images.service.ts';
import { confirmUpload, createUploadSession, processUploaded } from './uploads.service.ts';
import { uploadRoutes } from './upload.routes.ts';

export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(uploadRoutes);

  route(app, imageEndpoints.upload, async (request) => {
    const me = requireUser(request);
    const { buildingId, metadata } = request.body;
    return createUploadSession(app.db, app.storage, me.id, buildingId, metadata, app.config.storage.quotas);
  });

  route(app, imageEndpoints.confirmUpload, async (request) => {
    const me = requireUser(request);
    const result = await confirmUpload(
      app.db,
      app.storage,
      me.id,
      request.body.successfulIds,
      request.body.failedIds,
    );
    app.analytics.track({
      name: 'image_upload',
      user_id: me.id,
      properties: {
        uploaded: result.uploaded.length,
        missing: result.missing.length,
        failed: result.deleted.length,
      },
    });
    return result;
  });

  route(app, imageEndpoints.processUploaded, async (request) => {
    const me = requireUser(request);
    const results = await processUploaded(
      app.db,
      app.queue,
      me.id,
      request.body.imageIds,
      app.config.storage.quotas.jobsMaxPerUser,
    );
    return { results };
  });

  // One row by an unguessable task id, which the upload dialog polls every 2 s for each of up to
  // 20 images (600 a minute, the whole read budget): not counted as a read.
  route(
    app,
    imageEndpoints.processingStatus,
    async (request, reply) => {
      const status = await app.queue.status(request.params.taskId, 'thumbnail');
      if (!status) throw notFound('No such task');
      reply.header('cache-control', 'no-store');
      return { task_id: request.params.taskId, status };
    },
    { reads: 'free' },
  );

  // Each page filters and sorts images in the database: IMAGE_LIST_RATE_LIMIT pages per address and minute.
  route(
    app,
    imageEndpoints.list,
    async (request) => listImages(app.db, app.media, request.user, request.query),
    {
      rateLimit: { max: app.config.imageListRateLimit, timeWindow: 60_000 },
    },
  );

  route(app, imageEndpoints.get, async (request) =>
    getImage(app.db, app.media, request.params.id, request.user),
  );

  route(app, imageEndpoints.updateCredit, async (request) => {
    const me = requireUser(request);
    await updateImageCredit(app.db, me, request.params.id, request.body);
    return getImage(app.db, app.media, request.params.id, me);
  });

  route(app, imageEndpoints.remove, async (request, reply) => {
    const me = requireUser(request);
    const keys = await deleteImage(app.db, me, request.params.id);
    // The image is gone either way: files left behind are only logged.
    await app.storage.delete(keys).catch((err: unknown) => {
      request.log.warn({ err, keys }, 'could not remove the files of a deleted image');
    });
    return reply.code(204).send(null);
  });
};

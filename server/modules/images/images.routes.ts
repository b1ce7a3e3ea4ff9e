/** /api/images (product §7): upload sessions, confirmation, processing, reading and deleting. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemSchema } from '#domain/problem';
import {
  confirmUploadRequestSchema,
  confirmUploadResponseSchema,
  imageIdParamsSchema,
  imageListQuerySchema,
  imageListSchema,
  imageSchema,
  processingStatusSchema,
  processUploadedRequestSchema,
  processUploadedResponseSchema,
  taskIdParamsSchema,
  updateImageCreditSchema,
  uploadRequestSchema,
  uploadResponseSchema,
} from '#domain/images';
import { notFound } from '../../http/errors.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { updateImageCredit } from './image-credit.service.ts';
import { getImage, listImages } from './images.queries.ts';
import { confirmUpload, createUploadSession, deleteImage, processUploaded } from './images.service.ts';
import { uploadRoutes } from './upload.routes.ts';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };

export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(uploadRoutes);

  app.post(
    '/images/upload',
    {
      schema: {
        tags: ['images'],
        summary: 'Start an upload: pending images and one upload URL each',
        description:
          'PUT each file to its url with the given Content-Type, then call confirm-upload. ' +
          'URLs expire after UPLOAD_URL_TTL_SECONDS; a local-storage URL takes one file of at most MAX_UPLOAD_BYTES ' +
          '(or its declared fileSize); an S3 URL exactly the declared fileSize. 429 when the user holds ' +
          'UPLOAD_PENDING_MAX_PER_USER unfinished uploads or would pass UPLOAD_BYTES_PER_USER_PER_DAY.',
        body: uploadRequestSchema,
        response: { 200: uploadResponseSchema, ...problems, 413: problemSchema, 429: problemSchema },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const { buildingId, metadata } = request.body;
      return createUploadSession(app.db, app.storage, me.id, buildingId, metadata, app.config.storage.quotas);
    },
  );

  app.post(
    '/images/confirm-upload',
    {
      schema: {
        tags: ['images'],
        summary: 'Report which PUTs worked: stored files become uploaded, failed images are deleted',
        body: confirmUploadRequestSchema,
        response: { 200: confirmUploadResponseSchema, ...problems, 409: problemSchema },
      },
    },
    async (request) => {
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
    },
  );

  app.post(
    '/images/process-uploaded',
    {
      schema: {
        tags: ['images'],
        summary: 'Queue thumbnail processing: one task per image',
        description: '429 when the user would have more than IMAGE_JOBS_MAX_PER_USER images processing.',
        body: processUploadedRequestSchema,
        response: { 200: processUploadedResponseSchema, ...problems, 409: problemSchema, 429: problemSchema },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const results = await processUploaded(
        app.db,
        app.queue,
        me.id,
        request.body.imageIds,
        app.config.storage.quotas.jobsMaxPerUser,
      );
      return { results };
    },
  );

  app.get(
    '/images/processing-status/:taskId',
    {
      schema: {
        tags: ['images'],
        summary: "A processing task's status: PENDING, STARTED, SUCCESS or FAILURE (the last two final)",
        params: taskIdParamsSchema,
        response: { 200: processingStatusSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const status = await app.queue.status(request.params.taskId, 'thumbnail');
      if (!status) throw notFound('No such task');
      reply.header('cache-control', 'no-store');
      return { task_id: request.params.taskId, status };
    },
  );

  app.get(
    '/images/infinite-scroll',
    {
      schema: {
        tags: ['images'],
        summary: 'A page of ready images: a building gallery, or the images a user voted on',
        querystring: imageListQuerySchema,
        response: { 200: imageListSchema, ...problems },
      },
    },
    async (request) => listImages(app.db, app.media, request.user, request.query),
  );

  app.get(
    '/images/:id',
    {
      schema: {
        tags: ['images'],
        summary: 'One image (ready ones; the uploader also sees their own in any state)',
        params: imageIdParamsSchema,
        response: { 200: imageSchema, 400: problemSchema, 404: problemSchema },
      },
    },
    async (request) => getImage(app.db, app.media, request.params.id, request.user?.id ?? null),
  );

  app.patch(
    '/images/:id',
    {
      schema: {
        tags: ['images'],
        summary: "Change your image's credit, or its licence to a more open one",
        description:
          'Licences go only toward more open: CC-BY-SA-4.0 -> CC-BY-4.0 -> CC0-1.0 (400 otherwise). ' +
          "author null or empty goes back to the uploader's handle.",
        params: imageIdParamsSchema,
        body: updateImageCreditSchema,
        response: { 200: imageSchema, ...problems },
      },
    },
    async (request) => {
      const me = requireUser(request);
      await updateImageCredit(app.db, me.id, request.params.id, request.body);
      return getImage(app.db, app.media, request.params.id, me.id);
    },
  );

  app.delete(
    '/images/:id',
    {
      schema: {
        tags: ['images'],
        summary: 'Delete your image, its files and renditions',
        params: imageIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...problems },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const keys = await deleteImage(app.db, me.id, request.params.id);
      // The image is gone either way: files left behind are only logged.
      await app.storage.delete(keys).catch((err: unknown) => {
        request.log.warn({ err, keys }, 'could not remove the files of a deleted image');
      });
      return reply.code(204).send(null);
    },
  );
};

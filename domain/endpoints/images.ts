/** /api/images (product §7): upload sessions, confirmation, processing, reading and deleting. */
import { z } from 'zod';
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
} from '../images.ts';
import { integerParam } from '../query-params.ts';
import { defineEndpoint, problems, type EndpointDocs } from './define.ts';

export const imageEndpoints = {
  upload: defineEndpoint('POST', '/images/upload', {
    auth: 'required',
    body: uploadRequestSchema,
    responses: { 200: uploadResponseSchema, ...problems(403, 404, 413, 429) },
  }),

  confirmUpload: defineEndpoint('POST', '/images/confirm-upload', {
    auth: 'required',
    body: confirmUploadRequestSchema,
    responses: { 200: confirmUploadResponseSchema, ...problems(403, 404, 409) },
  }),

  processUploaded: defineEndpoint('POST', '/images/process-uploaded', {
    auth: 'required',
    body: processUploadedRequestSchema,
    responses: { 200: processUploadedResponseSchema, ...problems(403, 404, 409, 429) },
  }),

  processingStatus: defineEndpoint('GET', '/images/processing-status/:taskId', {
    auth: 'none',
    params: taskIdParamsSchema,
    // Documented without the 400 of params that fail validation.
    standardProblems: false,
    responses: { 200: processingStatusSchema, ...problems(404) },
  }),

  list: defineEndpoint('GET', '/images/infinite-scroll', {
    auth: 'optional',
    query: imageListQuerySchema,
    responses: { 200: imageListSchema, ...problems(401, 403, 404) },
  }),

  get: defineEndpoint('GET', '/images/:id', {
    auth: 'optional',
    params: imageIdParamsSchema,
    responses: { 200: imageSchema },
  }),

  updateCredit: defineEndpoint('PATCH', '/images/:id', {
    auth: 'required',
    params: imageIdParamsSchema,
    body: updateImageCreditSchema,
    responses: { 200: imageSchema, ...problems(403) },
  }),

  remove: defineEndpoint('DELETE', '/images/:id', {
    auth: 'required',
    params: imageIdParamsSchema,
    responses: { 204: z.null().describe('Deleted'), ...problems(403) },
  }),

  /**
   * The local storage's upload URL (as handed out by `upload`): authorised by its HMAC signature,
   * not a session. The web PUTs to the URL it was given; only the server uses this path.
   */
  receiveUpload: defineEndpoint('PUT', '/uploads/*', {
    auth: 'none',
    query: z.object({ expires: integerParam('expires'), signature: z.string().max(100) }),
    responses: { 204: z.null().describe('Stored'), ...problems(403, 404, 409, 413, 415, 507) },
  }),
};

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const imageDocs: EndpointDocs<typeof imageEndpoints> = {
  upload: {
    summary: 'Start an upload: pending images and one upload URL each',
    description:
      'PUT each file to its url with the given Content-Type, then call confirm-upload. ' +
      'URLs expire after UPLOAD_URL_TTL_SECONDS; a local-storage URL takes one file of at most MAX_UPLOAD_BYTES ' +
      '(or its declared fileSize); an S3 URL exactly the declared fileSize. 429 when the user holds ' +
      'UPLOAD_PENDING_MAX_PER_USER unfinished uploads or would pass UPLOAD_BYTES_PER_USER_PER_DAY.',
  },
  confirmUpload: {
    summary: 'Report which PUTs worked: stored files become uploaded, failed images are deleted',
  },
  processUploaded: {
    summary: 'Queue thumbnail processing: one task per image',
    description: '429 when the user would have more than IMAGE_JOBS_MAX_PER_USER images processing.',
  },
  processingStatus: {
    summary: "A processing task's status: PENDING, STARTED, SUCCESS or FAILURE (the last two final)",
  },
  list: {
    summary: 'A page of ready images: a building gallery, or the images a user voted on',
  },
  get: {
    summary: 'One image (ready ones; the uploader also sees their own in any state)',
  },
  updateCredit: {
    summary: "Change your image's credit, or its licence to a more open one",
    description:
      'Licences go only toward more open: CC-BY-SA-4.0 -> CC-BY-4.0 -> CC0-1.0 (400 otherwise). ' +
      "author null or empty goes back to the uploader's handle.",
  },
  remove: {
    summary: 'Delete your image, its files and renditions',
  },
  receiveUpload: {
    summary: 'Upload URL of the local storage (as returned by POST /api/images/upload)',
  },
};

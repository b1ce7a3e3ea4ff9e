import type {
  ConfirmUploadResponse,
  ImageLicense,
  ImageType,
  UploadResponse,
  processingStatusSchema,
} from '#domain/images';
import type { z } from 'zod';
import { imageEndpoints } from '#domain/endpoints/images';
import { ApiError, call } from '../api-client.ts';

/** The calls of the upload sequence (product §7, docs/api.md 'Upload sequence'), one function each. */

export interface UploadMetadataInput {
  description: string | null;
  captureYear: number | null;
  /** The licence and credit; the server's defaults when left out. */
  license?: ImageLicense;
  author?: string | null;
  type: ImageType;
  /** Lowercase extension with the dot. */
  fileExt: string;
  /** The file's size in bytes: the upload URL is signed for it (S3) and the daily quota counts it. */
  fileSize: number;
}

export type ProcessingStatus = z.infer<typeof processingStatusSchema>;

/** POST /api/images/upload: one upload URL and one pending image per metadata entry, in order. */
export function requestUploadSlots(
  buildingId: number,
  metadata: UploadMetadataInput[],
  signal?: AbortSignal,
): Promise<UploadResponse> {
  return call(imageEndpoints.upload, { body: { buildingId, metadata }, signal });
}

/**
 * PUT one file to its upload URL with the Content-Type the server asked for. No 5000 ms limit
 * here: a big file on a slow line takes longer; the caller's signal can still stop it.
 */
export async function putFile(
  url: string,
  file: Blob,
  contentType: string,
  signal?: AbortSignal,
): Promise<void> {
  const response = await fetch(url, {
    method: 'PUT',
    headers: { 'Content-Type': contentType },
    body: file,
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, null);
}

/** POST /api/images/confirm-upload {successfulIds, failedIds}. */
export function confirmUpload(
  successfulIds: number[],
  failedIds: number[],
  signal?: AbortSignal,
): Promise<ConfirmUploadResponse> {
  return call(imageEndpoints.confirmUpload, { body: { successfulIds, failedIds }, signal });
}

/** POST /api/images/process-uploaded {imageIds}: one thumbnail task per image. */
export function processUploaded(
  imageIds: number[],
  signal?: AbortSignal,
): Promise<{ results: { task_id: string; image_id: number }[] }> {
  return call(imageEndpoints.processUploaded, { body: { imageIds }, signal });
}

/** GET /api/images/processing-status/{taskId}: SUCCESS and FAILURE are final. */
export function getProcessingStatus(taskId: string, signal?: AbortSignal): Promise<ProcessingStatus> {
  return call(imageEndpoints.processingStatus, { params: { taskId }, signal });
}

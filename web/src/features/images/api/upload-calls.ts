import type {
  ConfirmUploadResponse,
  ImageLicense,
  ImageType,
  UploadResponse,
  processingStatusSchema,
} from '#domain/images';
import type { z } from 'zod';
import { ApiError, apiGet, apiRequest } from '../../../lib/api-client.ts';

/** The calls of the upload sequence (product §7, docs/api.md 'Upload sequence'), one function each. */

export interface UploadMetadataInput {
  description: string | null;
  captureYear: number | null;
  /** Issue 20: the licence and credit; the server's defaults when left out. */
  license?: ImageLicense;
  author?: string | null;
  type: ImageType;
  /** Lowercase extension with the dot. */
  fileExt: string;
  /** The file's size in bytes: the upload URL is signed for it (S3) and the daily quota counts it. */
  fileSize: number;
}

export type ProcessingStatus = z.infer<typeof processingStatusSchema>;

async function post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const data = await apiRequest<T>(path, { method: 'POST', body, credentials: true, signal });
  if (data === null) throw new Error(`Expected a response body from ${path}`);
  return data;
}

/** POST /api/images/upload: one upload URL and one pending image per metadata entry, in order. */
export function requestUploadSlots(
  buildingId: number,
  metadata: UploadMetadataInput[],
  signal?: AbortSignal,
): Promise<UploadResponse> {
  return post<UploadResponse>('/images/upload', { buildingId, metadata }, signal);
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
  return post<ConfirmUploadResponse>('/images/confirm-upload', { successfulIds, failedIds }, signal);
}

/** POST /api/images/process-uploaded {imageIds}: one thumbnail task per image. */
export function processUploaded(
  imageIds: number[],
  signal?: AbortSignal,
): Promise<{ results: { task_id: string; image_id: number }[] }> {
  return post('/images/process-uploaded', { imageIds }, signal);
}

/** GET /api/images/processing-status/{taskId}: SUCCESS and FAILURE are final. */
export function getProcessingStatus(taskId: string, signal?: AbortSignal): Promise<ProcessingStatus> {
  return apiGet<ProcessingStatus>(`/images/processing-status/${encodeURIComponent(taskId)}`, {
    signal,
    credentials: true,
  });
}

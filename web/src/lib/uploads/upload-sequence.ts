import type { ImageLicense, ImageType } from '#domain/images';
import { getImage } from './get-image.ts';
import {
  confirmUpload,
  getProcessingStatus,
  processUploaded,
  putFile,
  requestUploadSlots,
} from './upload-calls.ts';
import {
  MAX_POLL_ATTEMPTS,
  POLL_INTERVAL_MS,
  UPLOAD_TEXTS,
  fileExtOf,
  initialPollState,
  pendingTaskIds,
  pollFinished,
  pollRound,
  pollText,
  type PollState,
  type StatusAnswer,
} from './upload.ts';

export interface UploadItem {
  file: File;
  type: ImageType;
  description: string | null;
  captureYear: number | null;
}

export interface UploadImagesOptions {
  buildingId: number;
  items: UploadItem[];
  /** The licence and credit of every photo of this upload (blank credit: the handle). */
  credit?: { license: ImageLicense; author: string };
  /** The progress text to show (product §7), null to clear it. */
  onProgress?: (text: string | null) => void;
  pollIntervalMs?: number;
  maxPollAttempts?: number;
  signal?: AbortSignal;
}

export interface UploadImagesResult {
  /** Images whose file is stored (and whose thumbnails were asked for). */
  uploadedIds: number[];
  failedCount: number;
  /** Positions in `items` of the files that did not make it, so a form can keep them. */
  failedIndexes: number[];
  /**
   * Files that were stored but whose thumbnails failed (task FAILURE): the file's position in
   * `items` and the server's reason (the image's failure_reason), null when it could not be read.
   */
  processingFailures: ProcessingFailure[];
}

export interface ProcessingFailure {
  index: number;
  imageId: number;
  reason: string | null;
}

/**
 * The upload sequence of product §7, shared by the upload dialog and the create-building wizard:
 * request slots, PUT every file (failures tolerated and reported as failedIds), confirm, queue
 * processing, then poll each task every 2 s up to 60 times; for a task that ended FAILURE, read
 * the image's failure_reason (why the server refused it) for the caller to show. It rejects only
 * when asking for slots or confirming fails (product §8: 'Upload failed. Please try again.' is the
 * caller's to show) or when `signal` aborts.
 */
export async function uploadImages({
  buildingId,
  items,
  credit,
  onProgress,
  pollIntervalMs = POLL_INTERVAL_MS,
  maxPollAttempts = MAX_POLL_ATTEMPTS,
  signal,
}: UploadImagesOptions): Promise<UploadImagesResult> {
  const metadata = items.map((item) => {
    const fileExt = fileExtOf(item.file);
    if (!fileExt) throw new Error(`${item.file.name} is not a JPEG, PNG or GIF file`);
    return {
      description: item.description,
      captureYear: item.captureYear,
      ...(credit ? { license: credit.license, author: credit.author.trim() || null } : {}),
      type: item.type,
      fileExt,
      fileSize: item.file.size,
    };
  });
  const session = await requestUploadSlots(buildingId, metadata, signal);

  const puts = await Promise.allSettled(
    items.map((item, i) => {
      const slot = session.uploadUrls[i];
      if (!slot) return Promise.reject(new Error('No upload URL for this file'));
      return putFile(slot.url, item.file, slot.content_type, signal);
    }),
  );
  signal?.throwIfAborted();
  const ids = session.images.map((image) => image.id);
  const putOk = puts.map((result, i) => result.status === 'fulfilled' && ids[i] !== undefined);
  puts.forEach((result, i) => {
    if (result.status === 'rejected') console.warn(`Uploading ${items[i]?.file.name} failed`, result.reason);
  });
  const successfulIds = ids.filter((_, i) => putOk[i]);
  const failedIds = ids.filter((_, i) => !putOk[i]);

  const confirmed = await confirmUpload(successfulIds, failedIds, signal);
  const uploaded = new Set(confirmed.uploaded);
  const uploadedIds = ids.filter((id) => uploaded.has(id));
  const failedIndexes = items.map((_, i) => i).filter((i) => !uploaded.has(ids[i] ?? -1));
  const result: UploadImagesResult = {
    uploadedIds,
    failedCount: failedIndexes.length,
    failedIndexes,
    processingFailures: [],
  };
  if (uploadedIds.length === 0) return result;

  onProgress?.(UPLOAD_TEXTS.queuing);
  let tasks: { task_id: string; image_id: number }[];
  try {
    tasks = (await processUploaded(uploadedIds, signal)).results;
  } catch (error) {
    signal?.throwIfAborted();
    // Product §8: a queue failure is logged and the status text cleared.
    console.warn('Queuing the uploaded images for processing failed', error);
    onProgress?.(null);
    return result;
  }

  const final = await pollTasks(
    tasks.map((t) => t.task_id),
    { onProgress, pollIntervalMs, maxPollAttempts, signal },
  );
  // A refused image (not an image, beyond the pixel bounds) has its reason on the image itself.
  const failedTasks = tasks.filter((t) => final.tasks[t.task_id] === 'FAILURE');
  result.processingFailures = await Promise.all(
    failedTasks.map(async ({ image_id: imageId }): Promise<ProcessingFailure> => ({
      index: ids.indexOf(imageId),
      imageId,
      reason: await getImage(imageId, signal).then(
        (image) => image.failure_reason,
        () => null,
      ),
    })),
  );
  signal?.throwIfAborted();
  onProgress?.(null);
  return result;
}

async function pollTasks(
  taskIds: string[],
  opts: Required<Pick<UploadImagesOptions, 'pollIntervalMs' | 'maxPollAttempts'>> &
    Pick<UploadImagesOptions, 'onProgress' | 'signal'>,
): Promise<PollState> {
  let state: PollState = initialPollState(taskIds);
  opts.onProgress?.(pollText(state));
  while (!pollFinished(state, opts.maxPollAttempts)) {
    await sleep(opts.pollIntervalMs, opts.signal);
    const answers = await Promise.all(
      pendingTaskIds(state).map((taskId) =>
        getProcessingStatus(taskId, opts.signal).then(
          (answer): StatusAnswer => ({ taskId, status: answer.status }),
          (): StatusAnswer => ({ taskId, status: null }),
        ),
      ),
    );
    opts.signal?.throwIfAborted();
    state = pollRound(state, answers);
    opts.onProgress?.(pollText(state));
  }
  return state;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

import { IMAGE_CONTENT_TYPES, type ImageFileExt } from '#domain/images';
import { t } from '../i18n.ts';

/** Product §7 and 9: poll each thumbnail task every 2 s, at most 60 times (about 2 minutes). */
export const POLL_INTERVAL_MS = 2000;
export const MAX_POLL_ATTEMPTS = 60;

/** User-visible texts of the upload flow (product §7 and 8). */
export const UPLOAD_TEXTS = {
  uploading: 'Uploading...',
  queuing: 'Queuing images for processing...',
  checking: 'Processing thumbnails... (checking status...)',
  failed: 'Upload failed. Please try again.',
  /** Above the files whose thumbnails failed, each shown with the server's reason. */
  notProcessedTitle: 'Some images could not be processed',
  /** When the reason could not be read. */
  notProcessed: 'The image could not be processed.',
} as const;

/** Product §7: 'Processing thumbnails... (x/y complete)', in the page's language. */
export function processingText(done: number, total: number): string {
  return t('Processing thumbnails... ({done}/{total} complete)', { done, total });
}

/** Product §8: 'N image(s) failed to upload. Successfully uploaded M image(s).', in the page's language. */
export function partialFailureText(failed: number, uploaded: number): string {
  return t('{failed} image(s) failed to upload. Successfully uploaded {uploaded} image(s).', {
    failed,
    uploaded,
  });
}

/**
 * What to tell the user when the sequence has finished: nothing when every file made it, the
 * partial text when some did, 'Upload failed. Please try again.' when none did.
 */
export function uploadOutcomeText(outcome: { uploadedCount: number; failedCount: number }): string | null {
  if (outcome.failedCount === 0 && outcome.uploadedCount > 0) return null;
  if (outcome.uploadedCount === 0) return UPLOAD_TEXTS.failed;
  return partialFailureText(outcome.failedCount, outcome.uploadedCount);
}

/**
 * The upload metadata's fileExt (product §3: lowercase, with the dot) from the file's name, else
 * from its MIME type; null for a file the product does not take.
 */
export function fileExtOf(file: { name: string; type: string }): ImageFileExt | null {
  const match = /\.[^.]+$/.exec(file.name);
  const ext = match?.[0].toLowerCase();
  if (ext && ext in IMAGE_CONTENT_TYPES) return ext as ImageFileExt;
  const byType = (Object.entries(IMAGE_CONTENT_TYPES) as [ImageFileExt, string][]).find(
    ([, type]) => type === file.type,
  );
  return byType ? byType[0] : null;
}

// ---------------------------------------------------------------------------------------------
// Status polling

export type TaskState = 'pending' | 'SUCCESS' | 'FAILURE';

/** The polling of every task of one upload. */
export interface PollState {
  tasks: Record<string, TaskState>;
  /** Rounds asked so far; each round asks every unfinished task once. */
  attempts: number;
  /** The last round had a status call fail (product §8: 'checking status...'). */
  checkFailed: boolean;
}

export function initialPollState(taskIds: readonly string[]): PollState {
  return { tasks: Object.fromEntries(taskIds.map((id) => [id, 'pending'])), attempts: 0, checkFailed: false };
}

/** An answer of one status call in a round: a status, or null when the call failed. */
export interface StatusAnswer {
  taskId: string;
  status: string | null;
}

/** Applies one round of answers: SUCCESS and FAILURE are final, anything else stays pending. */
export function pollRound(state: PollState, answers: readonly StatusAnswer[]): PollState {
  const tasks = { ...state.tasks };
  let checkFailed = false;
  for (const { taskId, status } of answers) {
    if (!(taskId in tasks) || tasks[taskId] !== 'pending') continue;
    if (status === null) checkFailed = true;
    else if (status === 'SUCCESS' || status === 'FAILURE') tasks[taskId] = status;
  }
  return { tasks, attempts: state.attempts + 1, checkFailed };
}

export function pendingTaskIds(state: PollState): string[] {
  return Object.keys(state.tasks).filter((id) => state.tasks[id] === 'pending');
}

/** Done when every task is final, or (silently, product §8) after the last allowed attempt. */
export function pollFinished(state: PollState, maxAttempts = MAX_POLL_ATTEMPTS): boolean {
  return pendingTaskIds(state).length === 0 || state.attempts >= maxAttempts;
}

/** The button's text while polling. */
export function pollText(state: PollState): string {
  if (state.checkFailed) return UPLOAD_TEXTS.checking;
  const ids = Object.keys(state.tasks);
  return processingText(ids.length - pendingTaskIds(state).length, ids.length);
}

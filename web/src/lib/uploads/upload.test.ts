import { describe, expect, it } from 'vitest';
import {
  UPLOAD_TEXTS,
  fileExtOf,
  initialPollState,
  partialFailureText,
  pendingTaskIds,
  pollFinished,
  pollRound,
  pollText,
  processingText,
  uploadOutcomeText,
} from './upload.ts';

describe('upload texts (product §7 and 8)', () => {
  it("formats 'Processing thumbnails... (x/y complete)'", () => {
    expect(processingText(1, 3)).toBe('Processing thumbnails... (1/3 complete)');
  });

  it('says nothing when every file made it, the partial text when some did, the failure when none did', () => {
    expect(uploadOutcomeText({ uploadedCount: 3, failedCount: 0 })).toBeNull();
    expect(uploadOutcomeText({ uploadedCount: 2, failedCount: 1 })).toBe(
      '1 image(s) failed to upload. Successfully uploaded 2 image(s).',
    );
    expect(partialFailureText(4, 5)).toBe('4 image(s) failed to upload. Successfully uploaded 5 image(s).');
    expect(uploadOutcomeText({ uploadedCount: 0, failedCount: 2 })).toBe('Upload failed. Please try again.');
    expect(uploadOutcomeText({ uploadedCount: 0, failedCount: 0 })).toBe(UPLOAD_TEXTS.failed);
  });
});

describe('fileExtOf (product §3: lowercase extension with a dot)', () => {
  it('takes the name’s extension in lower case', () => {
    expect(fileExtOf({ name: 'Front.JPG', type: 'image/jpeg' })).toBe('.jpg');
    expect(fileExtOf({ name: 'plan.v2.png', type: '' })).toBe('.png');
    expect(fileExtOf({ name: 'a.jpeg', type: 'image/jpeg' })).toBe('.jpeg');
  });

  it('falls back to the MIME type, and refuses anything else', () => {
    expect(fileExtOf({ name: 'no-extension', type: 'image/gif' })).toBe('.gif');
    expect(fileExtOf({ name: 'photo.heic', type: 'image/heic' })).toBeNull();
    expect(fileExtOf({ name: 'notes.txt', type: 'text/plain' })).toBeNull();
  });
});

describe('status polling (product §7: SUCCESS and FAILURE are final)', () => {
  it('counts final tasks and keeps the others pending', () => {
    let state = initialPollState(['a', 'b', 'c']);
    expect(pollText(state)).toBe('Processing thumbnails... (0/3 complete)');
    state = pollRound(state, [
      { taskId: 'a', status: 'SUCCESS' },
      { taskId: 'b', status: 'STARTED' },
      { taskId: 'c', status: 'PENDING' },
    ]);
    expect(pendingTaskIds(state)).toEqual(['b', 'c']);
    expect(pollText(state)).toBe('Processing thumbnails... (1/3 complete)');
    state = pollRound(state, [
      { taskId: 'b', status: 'FAILURE' },
      { taskId: 'c', status: 'SUCCESS' },
    ]);
    expect(pollText(state)).toBe('Processing thumbnails... (3/3 complete)');
    expect(pollFinished(state)).toBe(true);
    expect(state.attempts).toBe(2);
  });

  it("shows 'checking status...' after a failed status call and keeps polling that task", () => {
    let state = pollRound(initialPollState(['a', 'b']), [
      { taskId: 'a', status: null },
      { taskId: 'b', status: 'SUCCESS' },
    ]);
    expect(pollText(state)).toBe('Processing thumbnails... (checking status...)');
    expect(pendingTaskIds(state)).toEqual(['a']);
    expect(pollFinished(state)).toBe(false);
    state = pollRound(state, [{ taskId: 'a', status: 'SUCCESS' }]);
    expect(pollText(state)).toBe('Processing thumbnails... (2/2 complete)');
  });

  it('a final status never goes back to pending, and unknown tasks are ignored', () => {
    let state = pollRound(initialPollState(['a']), [{ taskId: 'a', status: 'FAILURE' }]);
    state = pollRound(state, [
      { taskId: 'a', status: 'PENDING' },
      { taskId: 'zzz', status: 'SUCCESS' },
    ]);
    expect(state.tasks).toEqual({ a: 'FAILURE' });
  });

  it('gives up after the last allowed attempt (60 by default)', () => {
    let state = initialPollState(['a']);
    for (let i = 0; i < 59; i += 1) state = pollRound(state, [{ taskId: 'a', status: 'PENDING' }]);
    expect(pollFinished(state)).toBe(false);
    state = pollRound(state, [{ taskId: 'a', status: 'PENDING' }]);
    expect(pollFinished(state)).toBe(true);
    expect(pollFinished(initialPollState(['a']), 0)).toBe(true);
  });
});

/**
 * Images uploaded through the API from a signed-in page (product §7's sequence: upload slots,
 * PUT, confirm, process, poll), for journeys that need a building with photos but do not test the
 * upload dialog itself (gallery.e2e.ts does).
 */
import type { Page } from 'playwright-core';
import type { UploadResponse } from '#domain/images';
import { pageFetch } from './session.ts';

export interface ApiUpload {
  /** A JPEG's bytes. */
  data: Buffer;
  captureYear: number | null;
  description?: string;
}

/** Uploads `files` to the building as the page's user and waits until every one is ready; their ids. */
export async function uploadImagesThroughApi(
  page: Page,
  buildingId: number,
  files: ApiUpload[],
): Promise<number[]> {
  const slots = await pageFetch(page, 'POST', '/api/images/upload', {
    buildingId,
    metadata: files.map((f) => ({
      description: f.description ?? null,
      captureYear: f.captureYear,
      type: 'exterior',
      fileExt: '.jpg',
      fileSize: f.data.length,
    })),
  });
  if (slots.status !== 200) throw new Error(`upload answered ${slots.status}: ${JSON.stringify(slots.body)}`);
  const session = slots.body as UploadResponse;
  const ids = session.images.map((i) => i.id);
  for (const [i, slot] of session.uploadUrls.entries()) {
    const status = await page.evaluate(
      async ({ url, contentType, base64 }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const response = await fetch(url, {
          method: 'PUT',
          body: bytes,
          headers: { 'content-type': contentType },
        });
        return response.status;
      },
      { url: slot.url, contentType: slot.content_type, base64: files[i]!.data.toString('base64') },
    );
    if (status >= 300) throw new Error(`PUT of image ${ids[i]} answered ${status}`);
  }
  const confirm = await pageFetch(page, 'POST', '/api/images/confirm-upload', {
    successfulIds: ids,
    failedIds: [],
  });
  if (confirm.status !== 200) throw new Error(`confirm-upload answered ${confirm.status}`);
  const processing = await pageFetch(page, 'POST', '/api/images/process-uploaded', { imageIds: ids });
  if (processing.status !== 200) throw new Error(`process-uploaded answered ${processing.status}`);
  const tasks = (processing.body as { results: { task_id: string }[] }).results;
  const deadline = Date.now() + 60_000;
  for (const task of tasks) {
    for (;;) {
      const answer = await pageFetch(page, 'GET', `/api/images/processing-status/${task.task_id}`);
      const status = (answer.body as { status: string }).status;
      if (status === 'SUCCESS') break;
      if (status === 'FAILURE') throw new Error(`processing task ${task.task_id} failed`);
      if (Date.now() > deadline) throw new Error(`processing task ${task.task_id} is still ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return ids;
}

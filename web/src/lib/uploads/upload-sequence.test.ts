import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadImages, type UploadItem } from './upload-sequence.ts';

interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: Call) => Response | Promise<Response>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake fetch: handlers keyed by 'METHOD /path' (a prefix match when the key ends with '*'). */
function fakeFetch(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(input, 'http://localhost').pathname;
      const call: Call = {
        method,
        path,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const key = `${method} ${path}`;
      const handler =
        handlers[key] ??
        Object.entries(handlers).find(([k]) => k.endsWith('*') && key.startsWith(k.slice(0, -1)))?.[1];
      if (!handler) return json({ title: 'Not Found', status: 404 }, 404);
      return handler(call);
    }),
  );
  return calls;
}

const file = (name: string, type: string) => new File([new Uint8Array([1, 2, 3])], name, { type });

const items: UploadItem[] = [
  { file: file('front.JPG', 'image/jpeg'), type: 'exterior', description: 'Front', captureYear: 1990 },
  { file: file('plan.png', 'image/png'), type: 'plans', description: null, captureYear: null },
  { file: file('anim.gif', 'image/gif'), type: 'other', description: null, captureYear: null },
];

const slots = {
  uploadUrls: [
    { url: '/api/uploads/a', method: 'PUT', content_type: 'image/jpeg', expires_at: '' },
    { url: '/api/uploads/b', method: 'PUT', content_type: 'image/png', expires_at: '' },
    { url: '/api/uploads/c', method: 'PUT', content_type: 'image/gif', expires_at: '' },
  ],
  images: [{ id: 11 }, { id: 12 }, { id: 13 }],
};

const stored = () => new Response(null, { status: 204 });

describe('uploadImages: the upload sequence of product §7', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('requests slots, PUTs each file with its Content-Type, confirms, queues, polls every 2 s, and reads why a task failed', async () => {
    const statuses: Record<string, string[]> = {
      t11: ['STARTED', 'SUCCESS'],
      t12: ['SUCCESS'],
      t13: ['PENDING', 'PENDING', 'FAILURE'],
    };
    const calls = fakeFetch({
      'POST /api/images/upload': () => json(slots, 201),
      'PUT /api/uploads/*': stored,
      'POST /api/images/confirm-upload': () => json({ uploaded: [11, 12, 13], missing: [], deleted: [] }),
      'POST /api/images/process-uploaded': () =>
        json({ results: [11, 12, 13].map((id) => ({ task_id: `t${id}`, image_id: id })) }),
      'GET /api/images/processing-status/*': ({ path }) => {
        const id = path.split('/').at(-1) ?? '';
        const status = statuses[id]?.shift() ?? 'PENDING';
        return json({ task_id: id, status });
      },
      // The image whose task failed holds the server's reason.
      'GET /api/images/13': () =>
        json({
          id: 13,
          status: 'failed',
          failure_reason: 'The image has 7000×8000 pixels; at most 50 megapixels are accepted',
        }),
    });
    const progress: (string | null)[] = [];
    const done = uploadImages({ buildingId: 5, items, onProgress: (t) => progress.push(t) });

    await vi.advanceTimersByTimeAsync(0);
    expect(progress).toEqual(['Queuing images for processing...', 'Processing thumbnails... (0/3 complete)']);
    // Nothing is asked before the first 2 s have passed.
    expect(calls.filter((c) => c.path.includes('processing-status'))).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls.filter((c) => c.path.includes('processing-status'))).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(progress.at(-1)).toBe('Processing thumbnails... (1/3 complete)');
    await vi.advanceTimersByTimeAsync(2000);
    expect(progress.at(-1)).toBe('Processing thumbnails... (2/3 complete)');
    await vi.advanceTimersByTimeAsync(2000);

    await expect(done).resolves.toEqual({
      uploadedIds: [11, 12, 13],
      failedCount: 0,
      failedIndexes: [],
      processingFailures: [
        {
          index: 2,
          imageId: 13,
          reason: 'The image has 7000×8000 pixels; at most 50 megapixels are accepted',
        },
      ],
    });
    // Only the failed task's image is read.
    expect(calls.filter((c) => c.path.startsWith('/api/images/1')).map((c) => c.path)).toEqual([
      '/api/images/13',
    ]);
    expect(progress.slice(-2)).toEqual(['Processing thumbnails... (3/3 complete)', null]);

    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/images/upload',
      body: {
        buildingId: 5,
        metadata: [
          // fileSize: the upload URL is signed for it (S3) and the daily quota counts it.
          { description: 'Front', captureYear: 1990, type: 'exterior', fileExt: '.jpg', fileSize: 3 },
          { description: null, captureYear: null, type: 'plans', fileExt: '.png', fileSize: 3 },
          { description: null, captureYear: null, type: 'other', fileExt: '.gif', fileSize: 3 },
        ],
      },
    });
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => [c.path, c.headers['Content-Type']])).toEqual([
      ['/api/uploads/a', 'image/jpeg'],
      ['/api/uploads/b', 'image/png'],
      ['/api/uploads/c', 'image/gif'],
    ]);
    expect(puts[0]?.body).toBe(items[0]?.file);
    expect(calls.find((c) => c.path === '/api/images/confirm-upload')?.body).toEqual({
      successfulIds: [11, 12, 13],
      failedIds: [],
    });
    expect(calls.find((c) => c.path === '/api/images/process-uploaded')?.body).toEqual({
      imageIds: [11, 12, 13],
    });
    // Final tasks are not asked again: t12 once, t11 twice, t13 three times.
    const asked = calls
      .filter((c) => c.path.includes('processing-status'))
      .map((c) => c.path.split('/').at(-1));
    expect(asked.filter((t) => t === 't12')).toHaveLength(1);
    expect(asked.filter((t) => t === 't11')).toHaveLength(2);
    expect(asked.filter((t) => t === 't13')).toHaveLength(3);
  });

  it('tolerates failed PUTs: they are reported as failedIds and only the rest is processed', async () => {
    const calls = fakeFetch({
      'POST /api/images/upload': () => json(slots, 201),
      'PUT /api/uploads/a': stored,
      'PUT /api/uploads/b': () => json({ title: 'Payload Too Large', status: 413 }, 413),
      'PUT /api/uploads/c': () => Promise.reject(new TypeError('Failed to fetch')),
      'POST /api/images/confirm-upload': () => json({ uploaded: [11], missing: [], deleted: [12, 13] }),
      'POST /api/images/process-uploaded': () => json({ results: [{ task_id: 't11', image_id: 11 }] }),
      'GET /api/images/processing-status/t11': () => json({ task_id: 't11', status: 'SUCCESS' }),
    });
    const done = uploadImages({ buildingId: 5, items });
    await vi.advanceTimersByTimeAsync(2000);
    await expect(done).resolves.toEqual({
      uploadedIds: [11],
      failedCount: 2,
      failedIndexes: [1, 2],
      processingFailures: [],
    });
    expect(calls.find((c) => c.path === '/api/images/confirm-upload')?.body).toEqual({
      successfulIds: [11],
      failedIds: [12, 13],
    });
    expect(calls.find((c) => c.path === '/api/images/process-uploaded')?.body).toEqual({ imageIds: [11] });
  });

  it('when every PUT fails it confirms the failures and queues nothing', async () => {
    const calls = fakeFetch({
      'POST /api/images/upload': () => json(slots, 201),
      'PUT /api/uploads/*': () => json({ title: 'Forbidden', status: 403 }, 403),
      'POST /api/images/confirm-upload': () => json({ uploaded: [], missing: [], deleted: [11, 12, 13] }),
    });
    const progress: (string | null)[] = [];
    await expect(
      uploadImages({ buildingId: 5, items, onProgress: (t) => progress.push(t) }),
    ).resolves.toEqual({
      uploadedIds: [],
      failedCount: 3,
      failedIndexes: [0, 1, 2],
      processingFailures: [],
    });
    expect(calls.some((c) => c.path === '/api/images/process-uploaded')).toBe(false);
    expect(progress).toEqual([]);
  });

  it('rejects when the slots cannot be had (the caller shows the failure text), sending no file', async () => {
    const calls = fakeFetch({
      'POST /api/images/upload': () =>
        json({ title: 'Not Found', status: 404, detail: 'Building not found' }, 404),
    });
    await expect(uploadImages({ buildingId: 5, items })).rejects.toThrow('HTTP error! status: 404');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('a queue failure is logged, the status text cleared, and the upload still counts', async () => {
    fakeFetch({
      'POST /api/images/upload': () => json(slots, 201),
      'PUT /api/uploads/*': stored,
      'POST /api/images/confirm-upload': () => json({ uploaded: [11, 12, 13], missing: [], deleted: [] }),
      'POST /api/images/process-uploaded': () => json({ title: 'Conflict', status: 409 }, 409),
    });
    const progress: (string | null)[] = [];
    await expect(
      uploadImages({ buildingId: 5, items, onProgress: (t) => progress.push(t) }),
    ).resolves.toEqual({
      uploadedIds: [11, 12, 13],
      failedCount: 0,
      failedIndexes: [],
      processingFailures: [],
    });
    expect(progress).toEqual(['Queuing images for processing...', null]);
    expect(console.warn).toHaveBeenCalledWith(
      'Queuing the uploaded images for processing failed',
      expect.any(Error),
    );
  });

  it("keeps polling through a status error, showing 'checking status...'", async () => {
    let first = true;
    fakeFetch({
      'POST /api/images/upload': () =>
        json({ uploadUrls: slots.uploadUrls.slice(0, 1), images: [{ id: 11 }] }, 201),
      'PUT /api/uploads/a': stored,
      'POST /api/images/confirm-upload': () => json({ uploaded: [11], missing: [], deleted: [] }),
      'POST /api/images/process-uploaded': () => json({ results: [{ task_id: 't11', image_id: 11 }] }),
      'GET /api/images/processing-status/t11': () => {
        if (first) {
          first = false;
          return json({ title: 'Internal Server Error', status: 500 }, 500);
        }
        return json({ task_id: 't11', status: 'SUCCESS' });
      },
    });
    const progress: (string | null)[] = [];
    const done = uploadImages({
      buildingId: 5,
      items: items.slice(0, 1),
      onProgress: (t) => progress.push(t),
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(progress.at(-1)).toBe('Processing thumbnails... (checking status...)');
    await vi.advanceTimersByTimeAsync(2000);
    await expect(done).resolves.toMatchObject({ uploadedIds: [11] });
    expect(progress.slice(-2)).toEqual(['Processing thumbnails... (1/1 complete)', null]);
  });

  it('gives up silently after 60 attempts (about 2 minutes)', async () => {
    const calls = fakeFetch({
      'POST /api/images/upload': () =>
        json({ uploadUrls: slots.uploadUrls.slice(0, 1), images: [{ id: 11 }] }, 201),
      'PUT /api/uploads/a': stored,
      'POST /api/images/confirm-upload': () => json({ uploaded: [11], missing: [], deleted: [] }),
      'POST /api/images/process-uploaded': () => json({ results: [{ task_id: 't11', image_id: 11 }] }),
      'GET /api/images/processing-status/t11': () => json({ task_id: 't11', status: 'PENDING' }),
    });
    let settled = false;
    const done = uploadImages({ buildingId: 5, items: items.slice(0, 1) }).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toMatchObject({ uploadedIds: [11], failedCount: 0 });
    expect(calls.filter((c) => c.path.includes('processing-status'))).toHaveLength(60);
  });

  it('stops when the signal aborts while polling', async () => {
    fakeFetch({
      'POST /api/images/upload': () =>
        json({ uploadUrls: slots.uploadUrls.slice(0, 1), images: [{ id: 11 }] }, 201),
      'PUT /api/uploads/a': stored,
      'POST /api/images/confirm-upload': () => json({ uploaded: [11], missing: [], deleted: [] }),
      'POST /api/images/process-uploaded': () => json({ results: [{ task_id: 't11', image_id: 11 }] }),
      'GET /api/images/processing-status/t11': () => json({ task_id: 't11', status: 'PENDING' }),
    });
    const controller = new AbortController();
    const done = uploadImages({ buildingId: 5, items: items.slice(0, 1), signal: controller.signal });
    const assertion = expect(done).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(3000);
    controller.abort(new DOMException('closed', 'AbortError'));
    await assertion;
  });
});

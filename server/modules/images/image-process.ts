/**
 * The image process: a child of the server (or of `npm run worker`) that decodes uploaded images
 * and makes their renditions, one at a time, so the memory libvips takes for a large image is
 * never the server's (docs/decisions/2026-11-27-image-decoding-bounds.md). Started by
 * image-processor.ts with an IPC channel; it exits when it has been idle for IMAGE_PROCESS_IDLE_MS,
 * when its resident memory has passed IMAGE_PROCESS_MAX_RSS_BYTES after a job, or when the parent
 * goes away. Bundled by scripts/start.mjs as its own entry point.
 */
import fs from 'node:fs';
import { ImageRejectedError, processImage } from './renditions.ts';
import type { ImageJobReply, ImageJobRequest } from './image-processor.ts';

const idleMs = Number(process.env.IMAGE_PROCESS_IDLE_MS) || 5_000;
const maxRssBytes = Number(process.env.IMAGE_PROCESS_MAX_RSS_BYTES) || 320 * 1024 * 1024;

// The first process the kernel's out-of-memory killer picks, before the server holding the API and
// the database (raising one's own score needs no privilege).
try {
  fs.writeFileSync('/proc/self/oom_score_adj', '1000');
} catch {
  // Not Linux, or /proc not mounted: nothing to adjust.
}

let idleTimer: NodeJS.Timeout | undefined;
let busy = false;
const idle = () => {
  clearTimeout(idleTimer);
  if (!busy) idleTimer = setTimeout(() => process.exit(0), idleMs);
};

function send(reply: ImageJobReply): Promise<void> {
  return new Promise((resolve, reject) => {
    process.send!(reply, undefined, {}, (err) => (err ? reject(err) : resolve()));
  });
}

process.on('message', (message: ImageJobRequest) => {
  clearTimeout(idleTimer);
  busy = true;
  void (async () => {
    let reply: ImageJobReply;
    try {
      const input = typeof message.input === 'string' ? message.input : Buffer.from(message.input);
      reply = { id: message.id, ok: true, image: await processImage(input) };
    } catch (err) {
      reply = {
        id: message.id,
        ok: false,
        rejected: err instanceof ImageRejectedError,
        message: (err as Error).message,
      };
    }
    await send(reply);
    busy = false;
    // glibc keeps what libvips freed; a process that has grown past the bound ends here and the
    // next job gets a new one, so the memory goes back to the system after each large image.
    if (process.memoryUsage.rss() > maxRssBytes) process.exit(0);
    idle();
  })().catch(() => process.exit(1));
});

// The parent went away (it exited or closed the channel): nothing more will come.
process.on('disconnect', () => process.exit(0));

// sharp is loaded before the first job arrives, while the parent still reads the original.
await import('sharp');
await send({ ready: true });
idle();

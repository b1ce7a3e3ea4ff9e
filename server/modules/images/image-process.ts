/**
 * The image process: a child of the server (or of `npm run worker`) that decodes uploaded images
 * and makes their renditions, one at a time, so the memory libvips takes for a large image is
 * never the server's (docs/decisions/2026-11-27-image-decoding-bounds.md). Started by
 * image-processor.ts with an IPC channel, which ends it when it has been idle for a few seconds or
 * has grown past its memory bound (each reply says how big it is); it also exits when the parent
 * goes away. Bundled by scripts/start.mjs as its own entry point.
 */
import fs from 'node:fs';
import { ImageRejectedError, processImage } from './renditions.ts';
import type { ImageJobReply, ImageJobRequest } from './image-processor.ts';

// The first process the kernel's out-of-memory killer picks, before the server holding the API and
// the database (raising one's own score needs no privilege).
try {
  fs.writeFileSync('/proc/self/oom_score_adj', '1000');
} catch {
  // Not Linux, or /proc not mounted: nothing to adjust.
}

function send(reply: ImageJobReply): Promise<void> {
  return new Promise((resolve, reject) => {
    process.send!(reply, undefined, {}, (err) => (err ? reject(err) : resolve()));
  });
}

process.on('message', (message: ImageJobRequest) => {
  void (async () => {
    let reply: ImageJobReply;
    try {
      const input = typeof message.input === 'string' ? message.input : Buffer.from(message.input);
      const image = await processImage(input);
      reply = { id: message.id, ok: true, image, rss: process.memoryUsage.rss() };
    } catch (err) {
      reply = {
        id: message.id,
        ok: false,
        rejected: err instanceof ImageRejectedError,
        message: (err as Error).message,
        rss: process.memoryUsage.rss(),
      };
    }
    await send(reply);
  })().catch(() => process.exit(1));
});

// The parent went away (it exited or closed the channel): nothing more will come.
process.on('disconnect', () => process.exit(0));

// sharp is loaded before the first job arrives, while the parent still reads the original.
await import('sharp');
await send({ ready: true });

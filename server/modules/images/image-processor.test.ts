/**
 * The image processes (image-processor.ts): real children running real sharp. A child runs one
 * job at a time and is kept for the next; it goes when idle or past its memory bound; its death
 * fails only the job it was running, and the next job gets a new child.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { gifClaiming, smallGif, widePng } from '../../test/images.ts';
import { ImageProcessor, PROCESS_CRASHED_TEXT, imageProcessEnv } from './image-processor.ts';
import { ImageRejectedError } from './renditions.ts';

const processors: ImageProcessor[] = [];
function processor(options: ConstructorParameters<typeof ImageProcessor>[0] = {}) {
  const p = new ImageProcessor(options);
  processors.push(p);
  return p;
}
afterEach(() => {
  for (const p of processors.splice(0)) p.close();
});

const until = async (condition: () => boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('image processes', () => {
  it('makes the renditions in a child that is kept for the next job', async () => {
    const images = processor();
    const first = await images.process(await widePng(2000, 1000));
    expect(first).toMatchObject({ format: 'png', width: 2000, height: 1000 });
    expect(first.renditions.map((r) => [r.size, r.width, r.height])).toEqual([
      [400, 400, 200],
      [1600, 1600, 800],
    ]);
    expect(Buffer.isBuffer(first.renditions[0]!.data)).toBe(true);
    expect(first.renditions[0]!.data.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const [pid] = images.pids();
    expect(pid).not.toBe(process.pid);
    await images.process(await smallGif());
    expect(images.pids()).toEqual([pid]);
  }, 60_000);

  it('passes a refusal on as ImageRejectedError with its reason', async () => {
    const images = processor();
    const refused = images.process(Buffer.from('<html><script>alert(1)</script></html>'));
    await expect(refused).rejects.toThrow(ImageRejectedError);
    await expect(refused).rejects.toThrow(/not a JPEG, PNG or GIF/);
  }, 60_000);

  it('ends a child that has been idle, and one that grew past its memory bound', async () => {
    const idle = processor({ idleMs: 200 });
    await idle.process(await smallGif());
    await until(() => idle.size === 0);

    const small = processor({ maxRssBytes: 1 });
    await small.process(await smallGif());
    const [first] = small.pids();
    await until(() => small.size === 0);
    await small.process(await smallGif());
    expect(small.pids()).not.toContain(first);
  }, 60_000);

  it('fails the job whose child died with a clear reason, and gives the next job a new child', async () => {
    const images = processor();
    await images.process(await smallGif());
    const [pid] = images.pids();
    // 7000×7000 pixels take seconds to decode: long enough to be killed in the middle.
    const big = images.process(gifClaiming(7000, 7000));
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(pid!, 'SIGKILL');
    await expect(big).rejects.toThrow(ImageRejectedError);
    await expect(big).rejects.toThrow(PROCESS_CRASHED_TEXT);

    const next = await images.process(await smallGif());
    expect(next).toMatchObject({ format: 'gif', width: 120, height: 90 });
    expect(images.pids()).not.toContain(pid);
  }, 60_000);
});

describe("the image process's environment", () => {
  it("keeps the server's settings, two glibc arenas, and glibc's own mmap threshold", () => {
    const env = imageProcessEnv({ PATH: '/usr/bin', MALLOC_ARENA_MAX: '8', MALLOC_MMAP_THRESHOLD_: '131072' });
    expect(env).toEqual({ PATH: '/usr/bin', MALLOC_ARENA_MAX: '2' });
  });
});

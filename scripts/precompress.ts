/**
 * Brotli and gzip copies of the built web app's files, written next to each file as
 * `.br` and `.gz` at the highest levels (done once per build); the server sends them by content
 * negotiation (@fastify/static `preCompressed`). Files under 1 KB and already compressed formats
 * (images, fonts) are left alone. Used by vite.config.ts after every build.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats compress well; woff2, png, jpg and webp are compressed already. */
export const PRECOMPRESSED_EXTENSIONS = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|wasm|ico)$/i;
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export async function brotliSize(bytes: Buffer): Promise<number> {
  return (
    await brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    })
  ).length;
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file under `dir`; returns how many. */
export async function precompressDir(dir: string): Promise<number> {
  const jobs: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!PRECOMPRESSED_EXTENSIONS.test(file)) continue;
    jobs.push(
      (async () => {
        const bytes = await fs.readFile(file);
        if (bytes.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gzip(bytes, { level: 9 }),
        ]);
        // A compressed copy that is not smaller would only cost the client.
        if (br.length < bytes.length) await fs.writeFile(`${file}.br`, br);
        if (gz.length < bytes.length) await fs.writeFile(`${file}.gz`, gz);
      })(),
    );
  }
  await Promise.all(jobs);
  return jobs.length;
}

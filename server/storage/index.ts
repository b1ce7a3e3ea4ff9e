/** Opens the configured storage: local disk under DATA_DIR (default) or an S3-compatible bucket. */
import { LocalStorage } from './local-storage.ts';
import type { StorageConfig } from '../config/storage.ts';
import type { ObjectStorage } from './storage.ts';
import type { MediaUrls } from './media-url.ts';
import { loadSigningSecret } from './upload-signature.ts';

export type { ObjectStorage } from './storage.ts';

export async function createStorage(config: StorageConfig, dataDir: string): Promise<ObjectStorage> {
  let storage: ObjectStorage;
  if (config.kind === 's3') {
    // The AWS SDK is loaded only when a bucket is configured (≈ 100 ms and some MB at start).
    const { S3Storage } = await import('./s3-storage.ts');
    storage = new S3Storage(config);
  } else {
    const local = new LocalStorage({
      dataDir,
      secret: await loadSigningSecret(config.uploadSigningSecret, dataDir),
      maxUploadBytes: config.maxUploadBytes,
      uploadUrlTtlSeconds: config.uploadUrlTtlSeconds,
    });
    await local.init();
    storage = local;
  }
  return storage;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: ObjectStorage;
    /** Public URLs of this app's stored files (from its storage's publicBaseUrl). */
    media: MediaUrls;
  }
}

/** Opens the configured storage: local disk under DATA_DIR (default) or an S3-compatible bucket. */
import { LocalStorage } from './local-storage.ts';
import { setMediaBaseUrl } from './media-url.ts';
import { S3Storage } from './s3-storage.ts';
import type { StorageConfig } from './storage-config.ts';
import type { ObjectStorage } from './storage.ts';
import { loadSigningSecret } from './upload-signature.ts';

export type { ObjectStorage } from './storage.ts';

export async function createStorage(config: StorageConfig, dataDir: string): Promise<ObjectStorage> {
  let storage: ObjectStorage;
  if (config.kind === 's3') {
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
  setMediaBaseUrl(storage.publicBaseUrl);
  return storage;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: ObjectStorage;
  }
}

/**
 * Public URLs of stored files. Embedded (local) storage serves them under /media; S3 storage under
 * S3_PUBLIC_URL. The base is set once at start by createStorage (one storage per process).
 */
let mediaBase = '/media';

/** Called by createStorage; tests building a second app in the same process set it again. */
export function setMediaBaseUrl(base: string): void {
  mediaBase = base.replace(/\/$/, '');
}

/** Public URL of a stored file. */
export function mediaUrl(storageKey: string): string {
  return `${mediaBase}/${storageKey.split('/').map(encodeURIComponent).join('/')}`;
}

/** URL of an image's grid rendition (400 px), falling back to the original. */
export function imageUrl(image: { storage_key: string; renditions: Record<string, string> }): string {
  return mediaUrl(image.renditions['400'] ?? image.storage_key);
}

/** URL of an image's large rendition (1600 px), falling back to the original. */
export function imageLargeUrl(image: { storage_key: string; renditions: Record<string, string> }): string {
  return mediaUrl(image.renditions['1600'] ?? image.storage_key);
}

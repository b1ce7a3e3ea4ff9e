/** Public URL of a stored file. Embedded storage serves files under /media. */
export function mediaUrl(storageKey: string): string {
  return `/media/${storageKey.split('/').map(encodeURIComponent).join('/')}`;
}

/** URL of an image's grid rendition (400 px), falling back to the original. */
export function imageUrl(image: { storage_key: string; renditions: Record<string, string> }): string {
  return mediaUrl(image.renditions['400'] ?? image.storage_key);
}

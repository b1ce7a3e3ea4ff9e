/**
 * Public URLs of stored files. Embedded (local) storage serves them under /media; S3 storage under
 * S3_PUBLIC_URL. Each app holds its own (`app.media`, made from its storage's publicBaseUrl), so
 * two apps in one process (tests) never share a base.
 */
export interface StoredImageKeys {
  storage_key: string;
  renditions: Record<string, string>;
}

export class MediaUrls {
  private readonly base: string;

  constructor(publicBaseUrl: string) {
    this.base = publicBaseUrl.replace(/\/$/, '');
  }

  /** Public URL of a stored file. */
  url(storageKey: string): string {
    return `${this.base}/${storageKey.split('/').map(encodeURIComponent).join('/')}`;
  }

  /** URL of an image's grid rendition (400 px), falling back to the original. */
  image(image: StoredImageKeys): string {
    return this.url(image.renditions['400'] ?? image.storage_key);
  }

  /** URL of an image's large rendition (1600 px), falling back to the original. */
  imageLarge(image: StoredImageKeys): string {
    return this.url(image.renditions['1600'] ?? image.storage_key);
  }
}

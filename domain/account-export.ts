/**
 * "Download my data": the files of a user's export ZIP (GET /api/users/{handle}/export) and its
 * name. No schemas here: the web's Settings button and the server share these few words.
 */

/** The JSON files of the ZIP, in the order they are written; image files follow under IMAGES_FOLDER. */
export const ACCOUNT_EXPORT_JSON_FILES = [
  'profile.json',
  'buildings.json',
  'comments.json',
  'votes.json',
  'lists.json',
  'images.json',
] as const;

/** The folder of the original image files in the ZIP: `images/<image id><extension>`. */
export const ACCOUNT_EXPORT_IMAGES_FOLDER = 'images/';

export const ACCOUNT_EXPORT_CONTENT_TYPE = 'application/zip';

/** `atlas-<handle>-<YYYY-MM-DD>.zip` (the UTC day of the download). */
export function accountExportFilename(handle: string, date: Date): string {
  return `atlas-${handle}-${date.toISOString().slice(0, 10)}.zip`;
}

/** Where an image's original goes in the ZIP. */
export function accountExportImagePath(imageId: number, fileExt: string): string {
  return `${ACCOUNT_EXPORT_IMAGES_FOLDER}${imageId}${fileExt}`;
}

import type { Image } from '#domain/images';
import { imageEndpoints } from '#domain/endpoints/images';
import { call } from '../api-client.ts';

/** GET /api/images/{id}: a ready image (the uploader also reads their own in any state). */
export function getImage(id: number, signal?: AbortSignal): Promise<Image> {
  return call(imageEndpoints.get, { params: { id }, signal });
}

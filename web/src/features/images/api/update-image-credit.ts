import type { Image, ImageLicense } from '#domain/images';
import { imageEndpoints } from '#domain/endpoints/images';
import { call } from '../../../lib/api-client.ts';

/** PATCH /api/images/{id}: the uploader changes the credit, or the licence toward a more open one. */
export async function updateImageCredit(
  id: number,
  change: { license?: ImageLicense; author?: string | null },
): Promise<Image> {
  return call(imageEndpoints.updateCredit, { params: { id }, body: change });
}

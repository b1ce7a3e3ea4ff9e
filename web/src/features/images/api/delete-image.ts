import { imageEndpoints } from '#domain/endpoints/images';
import { call } from '../../../lib/api-client.ts';

/** DELETE /api/images/{id}: the uploader only; 204. */
export async function deleteImage(id: number): Promise<void> {
  await call(imageEndpoints.remove, { params: { id } });
}

import type { Image, ImageLicense } from '#domain/images';
import { apiRequest } from '../../../lib/api-client.ts';

/** PATCH /api/images/{id}: the uploader changes the credit, or the licence toward a more open one. */
export async function updateImageCredit(
  id: number,
  change: { license?: ImageLicense; author?: string | null },
): Promise<Image> {
  const image = await apiRequest<Image>(`/images/${id}`, {
    method: 'PATCH',
    body: change,
    credentials: true,
  });
  if (image === null) throw new Error('Expected the changed image');
  return image;
}

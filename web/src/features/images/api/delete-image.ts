import { apiRequest } from '../../../lib/api-client.ts';

/** DELETE /api/images/{id}: the uploader only; 204. */
export async function deleteImage(id: number): Promise<void> {
  await apiRequest<null>(`/images/${id}`, { method: 'DELETE', credentials: true });
}

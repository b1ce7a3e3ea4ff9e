/** An image's licence and credit, changed by its uploader after the upload. */
import { eq } from 'drizzle-orm';
import { canRelicense, IMAGE_LICENSE_INFO, type UpdateImageCredit } from '#domain/images';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';

/**
 * The uploader sets the credit (null: back to their handle) or moves the licence toward a more
 * open one (CC BY-SA -> CC BY -> CC0): a licence already granted cannot be narrowed.
 */
export async function updateImageCredit(
  db: Db,
  userId: number,
  id: number,
  body: UpdateImageCredit,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ added_by: images.added_by, license: images.license, status: images.status })
      .from(images)
      .where(eq(images.id, id))
      .for('update');
    // Someone else's image that is not ready exists only for its uploader (as GET answers).
    if (!row || (row.added_by !== userId && row.status !== 'ready')) throw notFound('Image not found');
    if (row.added_by !== userId)
      throw forbidden('Only the user who uploaded an image can change its credit.');
    if (body.license !== undefined && !canRelicense(row.license, body.license)) {
      throw badRequest(
        `A photo under ${IMAGE_LICENSE_INFO[row.license].name} cannot move to the stricter ` +
          `${IMAGE_LICENSE_INFO[body.license].name}: a licence can only become more open.`,
      );
    }
    await tx
      .update(images)
      .set({
        ...(body.license !== undefined ? { license: body.license } : {}),
        ...(body.author !== undefined ? { author: body.author } : {}),
        updated_at: new Date(),
      })
      .where(eq(images.id, id));
  });
}

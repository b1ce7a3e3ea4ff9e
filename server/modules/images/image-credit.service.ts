/**
 * An image's fields after the upload (credit, licence, type, capture year, description), changed by
 * its uploader or by a moderator; a moderator's change of someone else's image is logged.
 */
import { eq } from 'drizzle-orm';
import { canRelicense, IMAGE_LICENSE_INFO, type UpdateImageCredit } from '#domain/images';
import { isModerator, type Actor } from '#domain/roles';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { appendLog } from '../moderation/moderation-log.ts';

/**
 * The uploader (or a moderator) sets the credit (null: back to the uploader's handle), moves the
 * licence toward a more open one (CC BY-SA -> CC BY -> CC0: a licence already granted cannot be
 * narrowed, by anyone), or corrects the type, capture year or description.
 */
export async function updateImageCredit(
  db: Db,
  actor: Actor,
  id: number,
  body: UpdateImageCredit,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ added_by: images.added_by, license: images.license, status: images.status })
      .from(images)
      .where(eq(images.id, id))
      .for('update');
    const own = row?.added_by === actor.id;
    // Someone else's image that is not ready exists only for its uploader (as GET answers).
    if (!row || (!own && row.status !== 'ready')) throw notFound('Image not found');
    const moderating = !own && isModerator(actor);
    if (!own && !moderating) throw forbidden('Only the user who uploaded an image can change it.');
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
        ...(body.image_type !== undefined ? { image_type: body.image_type } : {}),
        ...(body.capture_year !== undefined ? { capture_year: body.capture_year } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        updated_at: new Date(),
      })
      .where(eq(images.id, id));
    if (moderating) {
      const fields = Object.keys(body).filter((k) => body[k as keyof UpdateImageCredit] !== undefined);
      await appendLog(tx, {
        actorId: actor.id,
        action: 'edit',
        targetType: 'image',
        targetId: id,
        note: `changed ${fields.join(', ')}`,
      });
    }
  });
}

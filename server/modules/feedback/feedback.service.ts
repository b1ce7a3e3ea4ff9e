import type { FeedbackBody } from '#domain/feedback';
import type { Db } from '../../db/client.ts';
import { feedback } from '../../db/schema.ts';

/** Stores one feedback message; `userId` is null for a signed-out sender. */
export async function createFeedback(db: Db, userId: number | null, body: FeedbackBody): Promise<number> {
  const [row] = await db
    .insert(feedback)
    .values({
      user_id: userId,
      title: body.title,
      description: body.description,
      type: body.type,
      email: body.email,
      page_url: body.page_url,
      browser_info: body.browser_info,
    })
    .returning({ id: feedback.id });
  if (!row) throw new Error('feedback insert returned no row');
  return row.id;
}

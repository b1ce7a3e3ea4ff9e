import type { FeedbackCreated, FeedbackInput } from '#domain/feedback';
import { feedbackEndpoints } from '#domain/endpoints/feedback';
import { call } from '../../../lib/api-client.ts';

/** POST /api/feedback with credentials (product §6 and 7); answers the stored feedback's id. */
export async function sendFeedback(body: FeedbackInput): Promise<FeedbackCreated> {
  return call(feedbackEndpoints.send, { body });
}

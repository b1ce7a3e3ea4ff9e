import type { FeedbackCreated, FeedbackInput } from '#domain/feedback';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/feedback with credentials (product §6 and 7); answers the stored feedback's id. */
export async function sendFeedback(body: FeedbackInput): Promise<FeedbackCreated> {
  const data = await apiRequest<FeedbackCreated>('/feedback', { method: 'POST', body, credentials: true });
  if (!data) throw new Error('Expected the feedback id in the answer');
  return data;
}

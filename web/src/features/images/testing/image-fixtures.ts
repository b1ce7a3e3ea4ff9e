/** Test fixtures for the images feature: a ready image as the API returns it. */
import type { Image } from '#domain/images';

export const testImage = (id: number): Image => ({
  id,
  url: `/media/${id}-400.webp`,
  url_large: `/media/${id}-1600.webp`,
  image_type: 'exterior',
  description: null,
  capture_year: null,
  capture_date: null,
  building_id: 1,
  added_by: { id: 7, handle: 'ada' },
  user_vote: null,
  vote_stats: { net_votes: 0, upvotes: 0, meh_votes: 0, downvotes: 0 },
  width: 800,
  height: 600,
  status: 'ready',
  failure_reason: null,
  license: 'CC-BY-SA-4.0',
  author: 'ada',
  author_is_set: false,
  created_at: '2026-01-01T00:00:00Z',
});

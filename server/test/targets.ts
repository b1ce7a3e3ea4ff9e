/** Vote and comment targets for API tests: buildings, images, styles and comments as rows. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { architecturalStyles, buildings, comments, images, users } from '../db/schema.ts';

export async function userId(db: Db, handle: string): Promise<number> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.handle, handle));
  if (!u) throw new Error(`no user ${handle}`);
  return u.id;
}

export async function insertBuilding(db: Db, name: string, addedBy: number | null = null): Promise<number> {
  const [b] = await db
    .insert(buildings)
    .values({ name, lng: 10, lat: 50, added_by: addedBy })
    .returning({ id: buildings.id });
  return b!.id;
}

let imageSeq = 0;
export async function insertImage(db: Db, buildingId: number, addedBy: number): Promise<number> {
  imageSeq += 1;
  const [i] = await db
    .insert(images)
    .values({
      building_id: buildingId,
      added_by: addedBy,
      status: 'ready',
      image_type: 'exterior',
      storage_key: `test/${process.pid}-${imageSeq}-${Math.random().toString(36).slice(2)}.jpg`,
      file_ext: '.jpg',
    })
    .returning({ id: images.id });
  return i!.id;
}

export async function insertStyle(db: Db, name: string): Promise<number> {
  const [s] = await db.insert(architecturalStyles).values({ name }).returning({ id: architecturalStyles.id });
  return s!.id;
}

export interface CommentFixture {
  user_id: number;
  target_type: 'building' | 'image';
  target_id: number;
  content?: string;
  parent_id?: number | null;
  upvotes?: number;
  downvotes?: number;
  created_at?: Date;
}

/** A comment row as given (counters and date included); no reply_count bookkeeping. */
export async function insertComment(db: Db, c: CommentFixture): Promise<number> {
  const [row] = await db
    .insert(comments)
    .values({
      user_id: c.user_id,
      target_type: c.target_type,
      target_id: c.target_id,
      content: c.content ?? 'a comment',
      parent_id: c.parent_id ?? null,
      upvotes: c.upvotes ?? 0,
      downvotes: c.downvotes ?? 0,
      ...(c.created_at ? { created_at: c.created_at } : {}),
    })
    .returning({ id: comments.id });
  return row!.id;
}

/** A small seeded pseudo-random generator (mulberry32): the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

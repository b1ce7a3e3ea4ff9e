import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { architecturalStyles } from '../../db/schema.ts';
import type { ArchitecturalStyle } from '#domain/styles';

export async function listStyles(db: Db): Promise<ArchitecturalStyle[]> {
  return db
    .select({ id: architecturalStyles.id, name: architecturalStyles.name })
    .from(architecturalStyles)
    .orderBy(asc(architecturalStyles.name));
}

import { z } from 'zod';

export const architecturalStyleSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
  })
  .meta({ id: 'ArchitecturalStyle' });

export type ArchitecturalStyle = z.infer<typeof architecturalStyleSchema>;

export const architecturalStyleListSchema = z.array(architecturalStyleSchema);

import { z } from 'zod';

/** RFC 9457 problem details; `detail` is the text a user may see. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Field errors of a 400 response'),
  })
  .meta({ id: 'Problem' });

export type Problem = z.infer<typeof problemSchema>;

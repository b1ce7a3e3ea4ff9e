/** What the privacy page (/privacy) reads from the server: the operator's settings it quotes. */
import { z } from 'zod';

export const privacyInfoSchema = z
  .object({
    operator_contact: z
      .string()
      .nullable()
      .describe(
        "How to reach the site's operator about personal data (OPERATOR_CONTACT); null: not configured",
      ),
    session_max_age_days: z
      .number()
      .int()
      .describe('Absolute lifetime of a session in days (SESSION_MAX_AGE_DAYS)'),
  })
  .meta({ id: 'PrivacyInfo' });

export type PrivacyInfo = z.infer<typeof privacyInfoSchema>;

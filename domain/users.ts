import { z } from 'zod';
import { roleSchema } from './roles.ts';

/** Product §5: non-empty, lowercase letters, digits and underscores (snake_case). */
export const HANDLE_MAX_LENGTH = 30;
export const HANDLE_PATTERN = /^[a-z0-9_]+$/;
export const HANDLE_HINT = 'Only lowercase letters, numbers, and underscores are allowed.';

/** Why a handle is not acceptable, or null when it is. */
export function handleProblem(handle: string): string | null {
  if (handle.length === 0) return 'Please enter a handle.';
  if (handle.length > HANDLE_MAX_LENGTH) return `A handle can have at most ${HANDLE_MAX_LENGTH} characters.`;
  if (!HANDLE_PATTERN.test(handle)) return HANDLE_HINT;
  return null;
}

export const isValidHandle = (handle: string) => handleProblem(handle) === null;

/**
 * A handle made from an email address's local part: lowercased, other characters turned into
 * underscores, runs of underscores collapsed, trimmed, cut to leave room for a numeric suffix.
 */
export function handleFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  const base = local
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, HANDLE_MAX_LENGTH - 5)
    .replace(/_$/, '');
  return base || 'user';
}

export const handleSchema = z.string().superRefine((h, ctx) => {
  const problem = handleProblem(h);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const userSchema = z
  .object({
    id: z.number().int(),
    handle: z.string(),
    picture: z.string().nullable(),
    created_at: z.string(),
    email: z.string().nullable().optional().describe('Only to the user themself'),
    /** user, moderator or admin (the product shows a badge for the last two). */
    role: roleSchema,
  })
  .meta({ id: 'User' });

export type User = z.infer<typeof userSchema>;

export const currentUserSchema = z
  .object({
    id: z.number().int(),
    handle: z.string(),
    picture: z.string().nullable(),
    email: z.string().nullable(),
    role: roleSchema,
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const handleParamsSchema = z.object({ handle: z.string().min(1).max(100) });
export const changeHandleBodySchema = z.object({ handle: handleSchema });
export const changeHandleResponseSchema = z.object({ handle: z.string() });

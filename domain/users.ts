import { z } from 'zod';
import { reservedHandleProblem } from './handle-rules.ts';
import { USER_ROLES } from './roles.ts';

/** A user's role (domain/roles.ts) as the API sends it. */
export const roleSchema = z.enum(USER_ROLES);

/** Product §5: non-empty, lowercase letters, digits and underscores (snake_case). */
export const HANDLE_MAX_LENGTH = 30;
export const HANDLE_PATTERN = /^[a-z0-9_]+$/;
/** How long a handle changed away from stays reserved for its owner (and redirects to the new one). */
export const HANDLE_RESERVED_DAYS = 30;
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
 * Why a user may not choose this handle, or null: the format rule, then the reserved words and
 * their look-alikes (handle-rules.ts). The demo sign-in checks the format only.
 */
export const chosenHandleProblem = (handle: string): string | null =>
  handleProblem(handle) ?? reservedHandleProblem(handle);

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
/** A handle a user chooses: the format and not a reserved word nor a look-alike of one. */
export const chosenHandleSchema = z.string().superRefine((h, ctx) => {
  const problem = chosenHandleProblem(h);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const changeHandleBodySchema = z.object({ handle: chosenHandleSchema });
export const changeHandleResponseSchema = z.object({ handle: z.string() });

/**
 * DELETE /api/users/{handle}: `remove_buildings=true` also removes the buildings the account added
 * that nobody else contributed to (no one else's image, comment or vote on them or on their
 * images); without it every building the account added stays, credited to the system account.
 */
export const deleteAccountQuerySchema = z.object({
  remove_buildings: z
    .enum(['true', 'false'], { error: () => 'remove_buildings must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});

import { z } from 'zod';
import { currentUserSchema } from './users.ts';
import { handleSchema } from './users.ts';

export const SESSION_COOKIE = 'atlas_session';
export const SESSION_TTL_DAYS = 30;
/** The demo sign-in's second account: created as a moderator, for trying moderation locally. */
export const DEMO_MODERATOR_HANDLE = 'demo_moderator';

export const googleLoginBodySchema = z.object({ token: z.string().min(1).max(10_000) });
export const devLoginBodySchema = z.object({ handle: handleSchema });

export const loginResponseSchema = z.object({ user: currentUserSchema });
export const checkLoginResponseSchema = z
  .object({ logged_in: z.boolean(), user: currentUserSchema.nullable() })
  .meta({ id: 'CheckLogin' });

/** What the browser needs to show the sign-in choices. */
export const authProvidersSchema = z
  .object({ google_client_id: z.string().nullable(), dev_login: z.boolean() })
  .meta({ id: 'AuthProviders' });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

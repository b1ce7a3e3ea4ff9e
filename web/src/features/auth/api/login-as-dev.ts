import { authEndpoints } from '#domain/endpoints/auth';
import { call } from '../../../lib/api-client.ts';
import { useLoginMutation, type LoginResponse } from './login-with-google.ts';

/** The demo user, for trying the product: it may add buildings of its own (the seeded catalogue belongs to the system account). */
export const DEMO_USER_HANDLE = 'demo';
/** The demo moderator (created as a moderator by the server), for trying moderation. */
export { DEMO_MODERATOR_HANDLE } from '#domain/auth';

/** POST /api/auth/dev {handle}: the demo sign-in, offered only when the server enables it. */
export async function loginAsDev(handle: string): Promise<LoginResponse> {
  return call(authEndpoints.dev, { body: { handle } });
}

/** Like the Google login: success sets the user and closes the modal; failure is only logged. */
export function useLoginAsDev() {
  return useLoginMutation(loginAsDev, 'Demo');
}

/** Signing in inside API tests: the dev sign-in gives a session cookie for a handle. */
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '#domain/auth';

export function sessionCookieOf(res: { cookies: { name: string; value: string }[] }): string | undefined {
  return res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
}

/** Signs in as `handle` (created when missing) and returns headers that carry the session. */
export async function signIn(app: FastifyInstance, handle: string): Promise<{ cookie: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/dev', payload: { handle } });
  if (res.statusCode !== 200) throw new Error(`dev sign-in failed: ${res.statusCode} ${res.body}`);
  const token = sessionCookieOf(res);
  if (!token) throw new Error('dev sign-in set no cookie');
  return { cookie: `${SESSION_COOKIE}=${token}` };
}

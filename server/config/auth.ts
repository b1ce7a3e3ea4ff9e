/** Sign-in (Google, and the local demo sign-in) and sessions. */
import { SESSION_COOKIE } from '#domain/auth';
import { area, commaList, flag, httpUrl, integer, refuse, setting, text } from './setting.ts';
import { HOST, NODE_ENV, PORT, PUBLIC_URL, publicUrlOf } from './server.ts';
import { z } from 'zod';

/** Addresses that only this machine can reach: the demo sign-in is harmless only there. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/**
 * Whether the demo sign-in is on when AUTH_DEV_LOGIN is not set: only when the server listens on
 * loopback, Google sign-in is not configured, and NODE_ENV is not production.
 */
export function devLoginDefault(e: {
  HOST: string;
  GOOGLE_CLIENT_ID?: string | undefined;
  NODE_ENV: string;
}) {
  return (
    LOOPBACK_HOSTS.has(e.HOST.trim().toLowerCase()) &&
    e.GOOGLE_CLIENT_ID === undefined &&
    e.NODE_ENV !== 'production'
  );
}

export const GOOGLE_CLIENT_ID = setting(text.optional(), {
  text: 'OAuth client id for Google sign-in; unset turns Google sign-in off',
});

export const authSettings = area(
  {
    GOOGLE_CLIENT_ID,
    GOOGLE_JWKS_URL: setting(httpUrl, {
      default: 'https://www.googleapis.com/oauth2/v3/certs',
      text: 'keys that sign Google ID tokens; must be `https://` in production',
    }),
    GOOGLE_ISSUERS: setting(commaList.pipe(z.array(z.string()).min(1, 'must name at least one issuer')), {
      default: 'accounts.google.com,https://accounts.google.com',
      text: 'accepted token issuers, comma-separated',
    }),
    AUTH_DEV_LOGIN: setting(flag.optional(), {
      shown:
        'on only when `HOST` is loopback (`127.0.0.1`, `::1`, `localhost`), `GOOGLE_CLIENT_ID` is unset and `NODE_ENV` is not `production`',
      text: "'Continue as demo user' sign-in for trying the site (see above); `true` turns it on elsewhere (e.g. a shared test server: anyone who reaches it can then be `demo` or any other Google-less user); refused in production",
    }),
    ADMIN_EMAILS: setting(
      commaList
        .transform((emails) => emails.map((email) => email.toLowerCase()))
        .pipe(z.array(z.string().regex(/^[^\s@]+@[^\s@]+$/, 'must be comma-separated email addresses')))
        .optional(),
      {
        shown: 'empty',
        text: 'Comma-separated emails (any case): a Google sign-in with one of these verified emails makes the account an admin, who grants and withdraws the moderator role (see [Roles and moderation](#roles-and-moderation)). Removing an email does not demote the account: use `npm run users -- role <handle> user`',
      },
    ),
    SESSION_MAX_AGE_DAYS: setting(integer(1, 3650), {
      default: '30',
      text: 'absolute lifetime of a session, however much it is used (on top of the 30-day sliding expiry); expired sessions are deleted hourly',
    }),
    AUTH_RATE_LIMIT: setting(integer(1, 100_000), {
      default: '30',
      text: 'sign-in and logout requests per IP and minute (counted like `RATE_LIMIT_STORE`, shared by all processes)',
    }),
  },
  { NODE_ENV, HOST, PORT, PUBLIC_URL },
  (e, ctx) => {
    // The demo sign-in lets anyone be the demo user: on by default only for a local, Google-less setup.
    const devLogin = e.AUTH_DEV_LOGIN ?? devLoginDefault(e);
    if (devLogin && e.NODE_ENV === 'production') {
      return refuse(ctx, 'AUTH_DEV_LOGIN', 'the demo sign-in cannot be enabled when NODE_ENV=production');
    }
    if (e.NODE_ENV === 'production' && !e.GOOGLE_JWKS_URL.startsWith('https://')) {
      return refuse(
        ctx,
        'GOOGLE_JWKS_URL',
        'must be an https:// URL when NODE_ENV=production (keys fetched over plain http could be forged on the way)',
      );
    }
    return {
      /** OAuth client id of the Google sign-in; undefined turns Google sign-in off. */
      googleClientId: e.GOOGLE_CLIENT_ID,
      googleJwksUrl: e.GOOGLE_JWKS_URL,
      googleIssuers: e.GOOGLE_ISSUERS,
      /**
       * The local demo sign-in (POST /api/auth/dev): on by default only on a loopback HOST without
       * Google; elsewhere only by AUTH_DEV_LOGIN=true; never in production (devLoginDefault).
       */
      devLogin,
      /** Emails (lowercased) whose Google sign-in makes the account admin (domain/roles.ts). */
      adminEmails: e.ADMIN_EMAILS ?? [],
      /**
       * Name of the session cookie: `__Host-atlas_session` when PUBLIC_URL is https, else
       * `atlas_session`. The __Host- prefix makes the browser refuse the cookie unless it is
       * Secure, Path=/ and has no Domain, so a sibling subdomain cannot plant or shadow it; it
       * needs https.
       */
      sessionCookie: publicUrlOf(e).startsWith('https://') ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE,
      /** Absolute lifetime of a session, whatever its sliding expiry. */
      sessionMaxAgeMs: e.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
      /** Sign-in requests per IP and minute. */
      authRateLimit: e.AUTH_RATE_LIMIT,
    };
  },
);

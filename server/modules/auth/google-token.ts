/** Verifies Google ID tokens: RS256 against Google's JWKS (or a configured one), audience, issuer, expiry. */
import { createRemoteJWKSet, jwtVerify, errors as joseErrors } from 'jose';
import type { GoogleIdentity } from '../users/users.service.ts';

export class InvalidGoogleToken extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidGoogleToken';
  }
}

export interface GoogleVerifierOptions {
  clientId: string;
  jwksUrl: string;
  issuers: string[];
}

export function createGoogleVerifier(opts: GoogleVerifierOptions) {
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return async function verifyGoogleToken(token: string): Promise<GoogleIdentity> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        algorithms: ['RS256'],
        audience: opts.clientId,
        issuer: opts.issuers,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) throw new InvalidGoogleToken(err.code);
      throw err;
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new InvalidGoogleToken('no subject');
    if (typeof payload.email !== 'string' || payload.email === '') throw new InvalidGoogleToken('no email');
    if (payload.email_verified !== true && payload.email_verified !== 'true') {
      throw new InvalidGoogleToken('email not verified');
    }
    const picture =
      typeof payload.picture === 'string' && /^https:\/\//.test(payload.picture) ? payload.picture : null;
    return { sub: payload.sub, email: payload.email, picture };
  };
}

export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;

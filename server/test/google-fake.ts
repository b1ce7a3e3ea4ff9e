/**
 * A stand-in for Google at the HTTP boundary: an RS256 key pair made in the test, its JWKS
 * served on a loopback port, and ID tokens minted with it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

export const TEST_CLIENT_ID = 'test-client.apps.googleusercontent.com';

export interface FakeGoogle {
  jwksUrl: string;
  /** Env for createTestApp that points the server at this fake. */
  env: Record<string, string>;
  token(
    claims?: JWTPayload,
    opts?: { expiresIn?: string | number; notBefore?: string | number; signWithOtherKey?: boolean },
  ): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
  return {
    jwksUrl,
    env: { GOOGLE_CLIENT_ID: TEST_CLIENT_ID, GOOGLE_JWKS_URL: jwksUrl },
    async token(claims = {}, opts = {}) {
      const jwt = new SignJWT({
        iss: 'https://accounts.google.com',
        aud: TEST_CLIENT_ID,
        sub: '1000001',
        email: 'ada.lovelace@example.com',
        email_verified: true,
        picture: 'https://lh3.googleusercontent.com/a/ada',
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuedAt()
        .setExpirationTime(opts.expiresIn ?? '1h');
      if (opts.notBefore !== undefined) jwt.setNotBefore(opts.notBefore);
      return jwt.sign(opts.signWithOtherKey ? other.privateKey : privateKey);
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

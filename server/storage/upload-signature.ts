/**
 * Signed upload URLs of the local storage: HMAC-SHA256 over method, key, Content-Type and expiry,
 * with a secret from UPLOAD_SIGNING_SECRET or one generated once and kept under DATA_DIR.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const SECRET_FILE = 'upload-signing-secret';

function sign(secret: string, key: string, contentType: string, expires: number): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`PUT\n${key}\n${contentType}\n${expires}`)
    .digest('base64url');
}

/** `expires` is in seconds since the epoch. */
export function uploadSignature(secret: string, key: string, contentType: string, expires: number): string {
  return sign(secret, key, contentType, expires);
}

export type UploadCheck = 'ok' | 'invalid' | 'expired';

export function checkUploadSignature(
  secret: string,
  key: string,
  contentType: string,
  expires: number,
  signature: string,
  now: Date = new Date(),
): UploadCheck {
  const expected = Buffer.from(sign(secret, key, contentType, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'invalid';
  return expires * 1000 > now.getTime() ? 'ok' : 'expired';
}

/**
 * The secret: the configured one, else the one kept in DATA_DIR (made on first start, mode 0600),
 * so upload URLs stay valid across restarts and across processes sharing the directory.
 */
export async function loadSigningSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  await fs.mkdir(dataDir, { recursive: true });
  try {
    await fs.writeFile(file, crypto.randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  // Another process may have just created it: wait until it holds a whole secret.
  for (let i = 0; i < 50; i++) {
    const secret = (await fs.readFile(file, 'utf8')).trim();
    if (secret.length >= 32) return secret;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${file} does not hold an upload signing secret (at least 32 characters)`);
}

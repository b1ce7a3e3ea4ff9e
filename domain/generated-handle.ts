/**
 * A new account's handle: 'user_' and ten random characters of Crockford's base32 alphabet
 * (lowercase: digits and letters without i, l, o, u), 50 random bits. It carries nothing of the
 * email or the Google name, which the handle would otherwise show on everything the user posts;
 * the user picks their own handle later. Decision: docs/decisions/2026-11-27-neutral-generated-handles.md.
 */
export const GENERATED_HANDLE_PREFIX = 'user_';
const BASE32 = '0123456789abcdefghjkmnpqrstvwxyz';
const GENERATED_LENGTH = 10;

/** Whether a handle has the form of a generated one (the user has not chosen one yet). */
export const isGeneratedHandle = (handle: string): boolean =>
  handle.length === GENERATED_HANDLE_PREFIX.length + GENERATED_LENGTH &&
  handle.startsWith(GENERATED_HANDLE_PREFIX) &&
  [...handle.slice(GENERATED_HANDLE_PREFIX.length)].every((c) => BASE32.includes(c));

/** `randomBytes(n)` gives n random bytes; the default is the platform's CSPRNG (Web Crypto). */
export function generatedHandle(
  randomBytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  const bytes = randomBytes(GENERATED_LENGTH);
  let tail = '';
  // Five bits of each byte: 32 symbols, each equally likely.
  for (let i = 0; i < GENERATED_LENGTH; i++) tail += BASE32[(bytes[i] ?? 0) & 31];
  return GENERATED_HANDLE_PREFIX + tail;
}

/** Origins of configured URLs, for the Content-Security-Policy (server/http/security.ts). */

/** The origin of an http(s) URL or URL template ({z}/{x}/{y}, {s} subdomains); undefined otherwise. */
export function originOf(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  // Tile templates may put {s} (or {a-c}) in the host name: allow any subdomain there.
  const wildcardHost = /^https?:\/\/\{[^}]*\}\./.test(trimmed);
  try {
    const url = new URL(
      trimmed.replace(/^(https?:\/\/)\{[^}]*\}\./, '$1wildcard.').replace(/\{[^}]*\}/g, '0'),
    );
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return wildcardHost ? url.origin.replace('://wildcard.', '://*.') : url.origin;
  } catch {
    return undefined;
  }
}

/** Origins of a comma-separated list of URLs (or URL templates). */
export function originsOf(list: string | undefined): string[] {
  if (!list) return [];
  return list
    .split(',')
    .map(originOf)
    .filter((o): o is string => o !== undefined);
}

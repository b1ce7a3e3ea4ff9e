/**
 * The outside origins the Content-Security-Policy allows (server/http/security.ts) besides the
 * ones the app derives itself (Google sign-in, the S3 bucket): the map's tile services and any
 * extra ones.
 */
import { z } from 'zod';
import { area, setting } from './setting.ts';

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

// Read by the web build too (web/src/vite-env.d.ts), so README.md describes them with the build's.
const tileUrls = z.string().optional();

export const cspSettings = area(
  {
    CSP_EXTRA_ORIGINS: setting(z.string().optional(), {
      text: 'more origins the Content-Security-Policy allows (comma-separated URLs), e.g. a places service',
    }),
    VITE_TILE_URL_LIGHT: setting(tileUrls, {
      buildTime: true,
      text: 'tile URL templates of the light theme',
    }),
    VITE_TILE_URL_DARK: setting(tileUrls, { buildTime: true, text: 'tile URL templates of the dark theme' }),
  },
  {},
  (e) => ({
    /** Outside origins the Content-Security-Policy allows (server/http/security.ts). */
    csp: {
      tileOrigins: [...new Set([...originsOf(e.VITE_TILE_URL_LIGHT), ...originsOf(e.VITE_TILE_URL_DARK)])],
      extraOrigins: originsOf(e.CSP_EXTRA_ORIGINS),
    },
  }),
);

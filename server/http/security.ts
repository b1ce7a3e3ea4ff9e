/**
 * Security headers for every response (helmet): a Content-Security-Policy that allows the app's
 * own origin plus only the outside origins this deployment is configured with, HSTS when the app
 * is served over https, and no x-powered-by (Fastify never sends one; helmet removes it anyway).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { originsOf } from '../config/csp.ts';

/** Google Identity Services (the sign-in button and One Tap), as Google documents for CSPs. */
const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';
/** Profile pictures of Google accounts. */
const GOOGLE_PICTURES = 'https://*.googleusercontent.com';

/** SHA-256 sources ('sha256-…') of the inline scripts of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attrs) || body.length === 0) continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** True when browsers reach the app over https (PUBLIC_URL is the address people use). */
export const servedOverHttps = (config: Pick<Config, 'publicUrl'>) => config.publicUrl.startsWith('https://');

const unique = (values: string[]) => [...new Set(values)];

/** The CSP directives for this configuration; `indexHtml` is the built page (for its inline script). */
export function cspDirectives(
  config: Pick<Config, 'googleClientId' | 'storage' | 'csp' | 'publicUrl'>,
  indexHtml: string | undefined,
): Record<string, string[]> {
  const self = "'self'";
  const tiles = config.csp.tileOrigins;
  const extra = config.csp.extraOrigins;
  const media = config.storage.kind === 's3' ? originsOf(config.storage.publicUrl) : [];
  const google = config.googleClientId ? [GOOGLE_SIGN_IN] : [];
  const directives: Record<string, string[]> = {
    'default-src': [self],
    'base-uri': [self],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': [self],
    'script-src': unique([self, ...(indexHtml ? inlineScriptHashes(indexHtml) : []), ...google, ...extra]),
    // Mantine and MapLibre set style attributes and inject <style> elements at run time (CSS
    // variables, popups, markers), which hashes or nonces cannot cover; styles cannot run code.
    'style-src': unique([self, "'unsafe-inline'", ...google, ...extra]),
    // Map tiles are images loaded with fetch by MapLibre's worker; markers and icons use data:/blob:.
    'img-src': unique([
      self,
      'data:',
      'blob:',
      ...tiles,
      ...media,
      ...(config.googleClientId ? [GOOGLE_PICTURES] : []),
      ...extra,
    ]),
    'connect-src': unique([self, ...tiles, ...media, ...google, ...extra]),
    'font-src': unique([self, 'data:', ...extra]),
    'frame-src': unique([...(google.length ? google : ["'none'"]), ...extra]),
    // MapLibre runs its worker from a blob: URL.
    'worker-src': [self, 'blob:'],
    'child-src': [self, 'blob:'],
    'manifest-src': [self],
  };
  if (servedOverHttps(config)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

function readIndexHtml(webDir: string | undefined): string | undefined {
  if (!webDir) return undefined;
  try {
    return fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Sets helmet's headers with the app's CSP on every response; call once on the root instance.
 * helmet's middleware is built here, once: @fastify/helmet built it again for every request
 * (parsing and checking the CSP directives each time), about a tenth of the CPU a cached map
 * answer cost (`npm run bench`, docs/decisions).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(config, readIndexHtml(config.webDir)),
    },
    crossOriginEmbedderPolicy: false,
    // Google's sign-in popup needs same-origin-allow-popups and a referrer on http://localhost.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Images are shown by pages of this origin only; the media route serves them same-origin.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Browsers ignore HSTS over http, but say it only when it is true.
    strictTransportSecurity: servedOverHttps(config)
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    hidePoweredBy: true,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // helmet 8 throws rather than passing errors on; the callback only continues the request.
    setHeaders(request.raw, reply.raw, () => done());
  });
}

/**
 * Response compression. Static files come compressed from the build (`.br`/`.gz` next
 * to each file, served by @fastify/static `preCompressed`); this file compresses what the server
 * renders: JSON answers and app pages larger than COMPRESS_MIN_BYTES, in the encoding the client
 * prefers (brotli, else gzip). A body that is sent many times (a cached map answer) is encoded
 * once: `encodeBody` makes an EncodedBody and `sendEncoded` answers from it with an ETag and 304.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Below this a compressed body saves less than the header and the work cost. */
export const COMPRESS_MIN_BYTES = 1024;

export type ContentEncoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli quality 5 and gzip level 6 for bodies made at run time: within a few percent of the
 * best sizes at a fraction of quality 11's time (the build uses the maximum for static files).
 */
function compress(raw: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      })
    : gzip(raw, { level: 6 });
}

/**
 * The encoding to answer with for an Accept-Encoding header: the acceptable one with the highest
 * q-value, brotli before gzip at equal q; null for identity (no header, `identity`, or q=0 for both).
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentEncoding | null {
  if (!header) return null;
  const q: Partial<Record<ContentEncoding | '*', number>> = {};
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const token = name.trim();
    if (token !== 'br' && token !== 'gzip' && token !== '*') continue;
    let value = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) value = Number(m[1]);
    }
    if (Number.isFinite(value)) q[token] = value;
  }
  const br = q.br ?? q['*'] ?? 0;
  const gz = q.gzip ?? q['*'] ?? 0;
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/** A body encoded once, for answers sent many times (the map answer cache keeps these). */
export interface EncodedBody {
  readonly raw: Buffer;
  /** Absent when the body is too small to be worth compressing. */
  readonly br?: Buffer;
  readonly gzip?: Buffer;
  /** A strong ETag of the raw bytes (quoted). */
  readonly etag: string;
}

/**
 * Bytes an EncodedBody keeps alive, for caches that count memory: each Buffer's whole backing
 * store (a slice of Node's shared pool would keep its 8 KB slab alive; encodeBody avoids those).
 */
export const encodedBodyBytes = (b: EncodedBody) =>
  b.raw.buffer.byteLength + (b.br?.buffer.byteLength ?? 0) + (b.gzip?.buffer.byteLength ?? 0);

/** `b` in a Buffer whose backing store is exactly its bytes. */
function owned(b: Buffer): Buffer {
  if (b.buffer.byteLength === b.length) return b;
  const copy = Buffer.allocUnsafeSlow(b.length);
  b.copy(copy);
  return copy;
}

export async function encodeBody(raw: Buffer): Promise<EncodedBody> {
  const etag = `"${crypto.createHash('sha1').update(raw).digest('base64url')}"`;
  if (raw.length < COMPRESS_MIN_BYTES) return { raw, etag };
  const [br, gz] = await Promise.all([compress(raw, 'br'), compress(raw, 'gzip')]);
  return { raw, br: owned(br), gzip: owned(gz), etag };
}

/** True when an If-None-Match header names this ETag (weak comparison, as RFC 9110 says for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

function addVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader('vary');
  const list = typeof current === 'string' ? current.split(',').map((s) => s.trim()) : [];
  if (list.includes('*') || list.some((v) => v.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...list.filter(Boolean), field].join(', '));
}

/**
 * Answers with an EncodedBody: 304 when the client holds this ETag, else the bytes in the
 * client's preferred encoding. The caller sets the content type (and any cache-control).
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): FastifyReply {
  reply.header('etag', body.etag);
  if (body.br) addVary(reply, 'Accept-Encoding');
  if (etagMatches(request.headers['if-none-match'], body.etag)) {
    return reply.code(304).send();
  }
  const encoding = body.br ? negotiateEncoding(request.headers['accept-encoding']) : null;
  const bytes = encoding ? body[encoding] : undefined;
  if (encoding && bytes) {
    reply.header('content-encoding', encoding);
    return reply.send(bytes);
  }
  return reply.send(body.raw);
}

const COMPRESSIBLE =
  /^(application\/(?:[\w.+-]*\+)?json|application\/(?:javascript|xml|xhtml\+xml)|text\/[\w.+-]+|image\/svg\+xml)\b/i;

/**
 * Compresses every rendered answer (string or Buffer payload) of a compressible type from
 * COMPRESS_MIN_BYTES on, when the client accepts br or gzip. Streams (static files, media) and
 * answers that already carry a Content-Encoding pass untouched.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.getHeader('content-encoding')) return payload;
    if (reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return payload;
    const raw = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (raw.length < COMPRESS_MIN_BYTES) return payload;
    addVary(reply, 'Accept-Encoding');
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compress(raw, encoding);
  });
}

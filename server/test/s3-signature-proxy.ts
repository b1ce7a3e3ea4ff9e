/**
 * A proxy in front of s3rver that checks presigned URLs' V4 signatures as S3 does (s3rver checks
 * only their expiry): it signs the request it received again, with the headers the URL names as
 * signed, and refuses a mismatch with 403 SignatureDoesNotMatch. So a PUT whose Content-Length or
 * Content-Type differs from the signed one is refused, as by S3. Other requests pass unchecked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3Client } from '@aws-sdk/client-s3';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';

const PRESIGN_PARAMS = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
  'X-Amz-Security-Token',
];

/** "20261123T074900Z" → Date */
const amzDate = (v: string) =>
  new Date(
    `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}T${v.slice(9, 11)}:${v.slice(11, 13)}:${v.slice(13, 15)}Z`,
  );

async function expectedSignature(
  client: S3Client,
  req: http.IncomingMessage,
  url: URL,
): Promise<string | undefined> {
  const signed = (url.searchParams.get('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean);
  const headers: Record<string, string> = {};
  for (const name of signed) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (!PRESIGN_PARAMS.includes(k)) query[k] = v;
  const presigner = new S3RequestPresigner({ ...client.config, signingName: 's3' });
  const presigned = await presigner.presign(
    {
      method: req.method ?? 'GET',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: decodeURIComponent(url.pathname),
      query,
      headers,
    },
    {
      signingDate: amzDate(url.searchParams.get('X-Amz-Date') ?? ''),
      expiresIn: Number(url.searchParams.get('X-Amz-Expires')),
      signableHeaders: new Set(signed),
    },
  );
  const sig = presigned.query?.['X-Amz-Signature'];
  return typeof sig === 'string' ? sig : undefined;
}

export async function startSignatureProxy(
  target: string,
  client: () => S3Client,
): Promise<{ url: string; close: () => Promise<void> }> {
  const to = new URL(target);
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      if (url.searchParams.has('X-Amz-Signature')) {
        const expected = await expectedSignature(client(), req, url);
        if (expected !== url.searchParams.get('X-Amz-Signature')) {
          req.resume();
          res.writeHead(403, { 'content-type': 'application/xml', connection: 'close' });
          res.end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
          return;
        }
      }
      const upstream = http.request(
        { hostname: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

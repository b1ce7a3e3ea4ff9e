/** A stand-in for an analytics service: a loopback HTTP server keeping every JSON body POSTed. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AnalyticsReceiver {
  url: string;
  events: unknown[];
  /** Status code the receiver answers with (200 by default). */
  status: number;
  close(): Promise<void>;
}

export async function startAnalyticsReceiver(): Promise<AnalyticsReceiver> {
  const state = { status: 200, events: [] as unknown[] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && req.headers['content-type'] === 'application/json') {
        state.events.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
      }
      res.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  });
}

/**
 * guardTransfer over a real socket: a download whose reader stops taking bytes is cut after a
 * window below the minimum rate; one that is slow because the server produces it slowly is not.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { guardTransfer, type TransferCut, type TransferLimits } from './transfer-guard.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** Serves `body()` through guardTransfer; resolves with the base URL and the cuts seen. */
async function serve(body: () => Readable, limits: TransferLimits) {
  const cuts: TransferCut[] = [];
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    guardTransfer(body(), res, limits, (why) => cuts.push(why)).pipe(res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, cuts };
}

/** 64 MB in 64 KB chunks, made as fast as they are taken. */
const plenty = () =>
  Readable.from(
    (function* () {
      for (let i = 0; i < 1024; i++) yield Buffer.alloc(64 * 1024, 120);
    })(),
  );

/** 10 chunks of 10 bytes, 100 ms apart: a slow producer. */
const trickle = () =>
  Readable.from(
    (async function* () {
      for (let i = 0; i < 10; i++) {
        await sleep(100);
        yield Buffer.from('0123456789');
      }
    })(),
  );

describe('guardTransfer', () => {
  it('cuts a download whose reader stops reading, after one window below the minimum rate', async () => {
    const { url, cuts } = await serve(plenty, { deadlineMs: 60_000, minBytesPerSecond: 1024, windowMs: 300 });
    const res = await new Promise<http.IncomingMessage>((resolve) => http.get(url, resolve));
    res.pause();
    res.on('error', () => {});
    const closed = new Promise((resolve) => res.once('close', resolve));
    await sleep(1500);
    expect(cuts).toEqual(['slow reader']);
    res.resume();
    await closed;
    expect(res.complete).toBe(false);
  });

  it('leaves a download alone when the server, not the reader, is slow', async () => {
    const { url, cuts } = await serve(trickle, {
      deadlineMs: 60_000,
      minBytesPerSecond: 1024,
      windowMs: 300,
    });
    const body = await new Promise<string>((resolve) =>
      http.get(url, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(text));
      }),
    );
    expect(body).toBe('0123456789'.repeat(10));
    expect(cuts).toEqual([]);
  });

  it('cuts at the deadline however fast the reader is', async () => {
    const { url, cuts } = await serve(trickle, { deadlineMs: 350, minBytesPerSecond: 0, windowMs: 300 });
    const res = await new Promise<http.IncomingMessage>((resolve) => http.get(url, resolve));
    res.on('error', () => {});
    res.resume();
    await new Promise((resolve) => res.once('close', resolve));
    expect(res.complete).toBe(false);
    expect(cuts).toEqual(['deadline']);
  });
});

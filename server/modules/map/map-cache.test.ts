import { describe, expect, it } from 'vitest';
import {
  bufferBytes,
  ENTRY_OVERHEAD_BYTES,
  FreshReader,
  ownedBuffer,
  stringBytes,
  VersionedCache,
} from './map-cache.ts';

describe('FreshReader', () => {
  it('serves callers that arrive during a read with the next read, never an older one', async () => {
    let reads = 0;
    const gates: (() => void)[] = [];
    const reader = new FreshReader(
      () =>
        new Promise<number>((resolve) => {
          reads += 1;
          const n = reads;
          gates.push(() => resolve(n));
        }),
    );
    const a = reader.current();
    const b = reader.current();
    const c = reader.current();
    expect(reads).toBe(1);
    gates[0]!();
    expect(await a).toBe(1);
    // b and c asked while read 1 ran: they share read 2.
    await Promise.resolve();
    await Promise.resolve();
    expect(reads).toBe(2);
    gates[1]!();
    expect(await b).toBe(2);
    expect(await c).toBe(2);
  });

  it('passes a failed read on and recovers', async () => {
    let fail = true;
    const reader = new FreshReader(async () => {
      if (fail) throw new Error('down');
      return 7;
    });
    await expect(reader.current()).rejects.toThrow('down');
    fail = false;
    expect(await reader.current()).toBe(7);
  });
});

describe('VersionedCache', () => {
  const bytes = (s: string) => s.length;

  it('renders once per key and version, and again when the version moves on', async () => {
    const cache = new VersionedCache<string>(1000, 60_000, bytes);
    let renders = 0;
    const render = async () => `body${++renders}`;
    expect(await cache.get(1, 'k', render)).toBe('body1');
    expect(await cache.get(1, 'k', render)).toBe('body1');
    expect(await cache.get(2, 'k', render)).toBe('body2');
    // A request that read the older version renders for itself and stores nothing.
    expect(await cache.get(1, 'k', render)).toBe('body3');
    expect(await cache.get(2, 'k', render)).toBe('body2');
  });

  it('shares one render among concurrent requests of a key', async () => {
    const cache = new VersionedCache<string>(1000, 60_000, bytes);
    let renders = 0;
    let finish!: () => void;
    const rendering = new Promise<void>((resolve) => (finish = resolve));
    // The render stays unfinished until all three requests have asked.
    const render = async () => {
      renders += 1;
      await rendering;
      return 'x';
    };
    const all = Promise.all([
      cache.get(1, 'k', render),
      cache.get(1, 'k', render),
      cache.get(1, 'k', render),
    ]);
    finish();
    expect(await all).toEqual(['x', 'x', 'x']);
    expect(renders).toBe(1);
  });

  it('expires entries and evicts the least recently used beyond its bytes', async () => {
    let now = 0;
    const value = 'v'.repeat(30);
    const one = 30 + stringBytes('a') + ENTRY_OVERHEAD_BYTES;
    const cache = new VersionedCache<string>(4 * one + 10, 1000, bytes, () => now); // four fit
    for (const k of ['a', 'b', 'c', 'd']) await cache.get(1, k, async () => value);
    expect(cache.peek(1, 'a')).toBe(value); // a is now the most recent
    await cache.get(1, 'e', async () => value);
    expect(cache.peek(1, 'b')).toBeUndefined();
    expect(cache.peek(1, 'a')).toBe(value);
    now = 1001;
    expect(cache.peek(1, 'a')).toBeUndefined();
  });

  it('keeps keys, values and aliases of a flood of distinct keys within its budget of real bytes', async () => {
    const budget = 64 * 1024;
    const cache = new VersionedCache<Buffer>(budget, 60_000, bufferBytes);
    for (let i = 0; i < 5000; i++) {
      const key = `p|-85.${String(i).padStart(6, '0')},10,20,30|||2000`;
      // Bodies differ for every key, as the exact viewport's edges are in them.
      await cache.get(1, key, async () => ownedBuffer(`{"bbox":[${i}],"features":"${'x'.repeat(2000)}"}`));
      cache.alias(1, `/api/buildings/geojson?south=-85.${String(i).padStart(6, '0')}&north=10`, key);
      expect(cache.retainedBytes).toBeLessThanOrEqual(budget);
    }
    // What it holds, counted independently of its own bookkeeping.
    let held = 0;
    let newest: Buffer | undefined;
    for (let i = 0; i < 5000; i++) {
      const key = `p|-85.${String(i).padStart(6, '0')},10,20,30|||2000`;
      const body = cache.peek(1, key);
      if (body) held += body.buffer.byteLength + 2 * key.length;
      if (i === 4999) newest = body;
    }
    expect(held).toBeLessThanOrEqual(budget);
    expect(cache.size).toBeGreaterThan(0);
    expect(newest).toBeDefined();
    // Roughly as many URLs as bodies are remembered: the URL index has no budget of its own.
    expect(cache.aliasCount).toBeLessThanOrEqual(cache.size + 1);
  });

  it('answers an alias with its entry while both live, and never keeps a body alive on its own', async () => {
    let now = 0;
    const cache = new VersionedCache<string>(10_000, 1000, bytes, () => now);
    await cache.get(1, 'k', async () => 'body');
    cache.alias(1, '/url?a=1', 'k');
    expect(cache.peekAlias(1, '/url?a=1')).toBe('body');
    expect(cache.peekAlias(2, '/url?a=1')).toBeUndefined();
    // No entry, no alias: a value the budget refused is not kept by the URL index.
    cache.alias(1, '/url?a=2', 'missing');
    expect(cache.aliasCount).toBe(1);
    now = 1001;
    expect(cache.peekAlias(1, '/url?a=1')).toBeUndefined();
    expect(cache.retainedBytes).toBe(0);
  });

  it('frees expired entries and aliases when swept, with no request asking for them', async () => {
    let now = 0;
    const cache = new VersionedCache<string>(100_000, 1000, bytes, () => now);
    for (let i = 0; i < 50; i++) {
      await cache.get(1, `k${i}`, async () => 'v'.repeat(100));
      cache.alias(1, `/u${i}`, `k${i}`);
    }
    expect(cache.retainedBytes).toBeGreaterThan(50 * 100);
    now = 1000;
    cache.sweep();
    expect(cache.size).toBe(0);
    expect(cache.aliasCount).toBe(0);
    expect(cache.retainedBytes).toBe(0);
  });

  it('sweeps expired entries on a later store, once per TTL', async () => {
    let now = 0;
    const cache = new VersionedCache<string>(100_000, 1000, bytes, () => now);
    for (let i = 0; i < 20; i++) await cache.get(1, `old${i}`, async () => 'v');
    now = 1500;
    await cache.get(1, 'new', async () => 'v');
    expect(cache.size).toBe(1);
  });

  it('makes cached bodies own exactly their bytes, not a slab of the shared pool', () => {
    const b = ownedBuffer('{"a":1}');
    expect(b.toString()).toBe('{"a":1}');
    expect(bufferBytes(b)).toBe(7);
    expect(Buffer.from('{"a":1}').buffer.byteLength).toBeGreaterThan(7);
  });

  it('does nothing when it has no bytes', async () => {
    const cache = new VersionedCache<string>(0, 1000, bytes);
    let renders = 0;
    await cache.get(1, 'k', async () => `${++renders}`);
    await cache.get(1, 'k', async () => `${++renders}`);
    cache.set(1, 'k', 'x');
    expect(renders).toBe(2);
    expect(cache.peek(1, 'k')).toBeUndefined();
  });
});

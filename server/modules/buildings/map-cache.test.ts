import { describe, expect, it } from 'vitest';
import { FreshReader, VersionedCache } from './map-cache.ts';

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
    const render = async () => {
      renders += 1;
      await new Promise((r) => setTimeout(r, 5));
      return 'x';
    };
    await Promise.all([cache.get(1, 'k', render), cache.get(1, 'k', render), cache.get(1, 'k', render)]);
    expect(renders).toBe(1);
  });

  it('expires entries and evicts the least recently used beyond its bytes', async () => {
    let now = 0;
    const cache = new VersionedCache<string>(400, 1000, bytes, () => now);
    const value = 'v'.repeat(30); // 30 + key + 64 bytes each: four fit in 400
    for (const k of ['a', 'b', 'c', 'd']) await cache.get(1, k, async () => value);
    expect(cache.peek(1, 'a')).toBe(value); // a is now the most recent
    await cache.get(1, 'e', async () => value);
    expect(cache.peek(1, 'b')).toBeUndefined();
    expect(cache.peek(1, 'a')).toBe(value);
    now = 1001;
    expect(cache.peek(1, 'a')).toBeUndefined();
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

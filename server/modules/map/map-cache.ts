/**
 * Rendered map bodies, cached under the map data version (docs/decisions.md, "Map clustering").
 * The version is a row the database raises in the same transaction as any change the map shows,
 * so a body cached under it is never served after the data changed; bodies also expire after a
 * while, for the view counters that do not raise the version.
 */
import { mapCacheLookups } from '../metrics/registry.ts';

/** Reads a value at most once at a time; a caller always gets a read that began after it asked. */
export class FreshReader<T> {
  private inflight: Promise<T> | null = null;
  private queued: Promise<T> | null = null;

  constructor(private readonly read: () => Promise<T>) {}

  /**
   * A read that started after this call: under load one read serves every caller that arrived
   * while the previous one was running, yet nobody gets a value from before their request.
   */
  current(): Promise<T> {
    if (!this.inflight) return this.start();
    if (!this.queued) {
      const previous = this.inflight;
      this.queued = previous
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          this.queued = null;
          return this.start();
        });
    }
    return this.queued;
  }

  private start(): Promise<T> {
    const p: Promise<T> = this.read().finally(() => {
      if (this.inflight === p) this.inflight = null;
    });
    this.inflight = p;
    return p;
  }
}

/**
 * Bookkeeping bytes of one cached entry beyond its key and value: the Map slot, the entry object
 * and its fields, a Buffer's own object. Generous on purpose: the budget must bound real memory.
 */
export const ENTRY_OVERHEAD_BYTES = 200;

/** Bytes a string key may hold: V8 stores at most two bytes per UTF-16 unit. */
export const stringBytes = (s: string): number => 2 * s.length;

/**
 * Bytes a Buffer keeps alive: its whole backing store. A small Buffer.from() is a slice of an
 * 8 KB shared pool and would keep the whole slab alive, so cached bodies are made with
 * `ownedBuffer`, whose backing store is exactly its bytes.
 */
export const bufferBytes = (b: Buffer): number => b.buffer.byteLength;

/** The UTF-8 bytes of `text` in a Buffer of its own (not a slice of Node's shared pool). */
export function ownedBuffer(text: string): Buffer {
  const b = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  b.write(text);
  return b;
}

interface Entry<V> {
  value: V;
  bytes: number;
  expiresAt: number;
  /** Tick of the last use: orders entries and aliases against each other for eviction. */
  used: number;
}

interface Alias {
  target: string;
  bytes: number;
  expiresAt: number;
  used: number;
}

/**
 * An LRU of values by key for one data version, with one render per key at a time, and aliases
 * (other keys, such as request URLs, answered with an entry's value). Everything it holds, keys,
 * values and aliases, is counted in one budget of real bytes (`retainedBytes` <= `maxBytes`
 * whatever is asked), and expired entries are swept at least once per TTL.
 */
export class VersionedCache<V> {
  private version: number | null = null;
  private readonly entries = new Map<string, Entry<V>>();
  private readonly aliases = new Map<string, Alias>();
  private readonly rendering = new Map<string, Promise<V>>();
  private bytes = 0;
  private tick = 0;
  private nextSweep: number;

  constructor(
    private readonly maxBytes: number,
    private readonly ttlMs: number,
    /** Bytes a value keeps alive (its key and the entry's bookkeeping are added). */
    private readonly sizeOf: (value: V) => number,
    private readonly now: () => number = Date.now,
  ) {
    this.nextSweep = now() + ttlMs;
  }

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /** The bytes held now: keys, values, aliases and their bookkeeping. */
  get retainedBytes(): number {
    return this.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get aliasCount(): number {
    return this.aliases.size;
  }

  /** The cached value of `key` at `version`, or the result of `render` (stored when it fits). */
  async get(version: number, key: string, render: () => Promise<V>): Promise<V> {
    if (!this.enabled) return render();
    // A request that read the version just before it changed renders without caching.
    if (this.version !== null && version < this.version) return render();
    if (version !== this.version) this.reset(version);
    const hit = this.live(key);
    if (hit) {
      mapCacheLookups.inc({ lookup: 'render', result: 'hit' });
      return hit.value;
    }
    const pending = this.rendering.get(key);
    // Another request is rendering it: this one waits for that render instead of doing its own.
    mapCacheLookups.inc({ lookup: 'render', result: pending ? 'hit' : 'miss' });
    if (pending) return pending;
    const p = render().then(
      (value) => {
        if (this.rendering.get(key) === p) this.rendering.delete(key);
        if (this.version === version) this.store(key, value);
        return value;
      },
      (err: unknown) => {
        if (this.rendering.get(key) === p) this.rendering.delete(key);
        throw err;
      },
    );
    this.rendering.set(key, p);
    return p;
  }

  /** The cached value of `key` at `version`, without rendering. */
  peek(version: number, key: string): V | undefined {
    if (!this.enabled || version !== this.version) return undefined;
    return this.live(key)?.value;
  }

  /** Stores a value rendered at `version` (ignored when the version has moved on). */
  set(version: number, key: string, value: V): void {
    if (!this.enabled) return;
    if (this.version === null || version > this.version) this.reset(version);
    if (version === this.version) this.store(key, value);
  }

  /**
   * Answers `alias` with the value of `key` from now on, while both are cached. Nothing is
   * recorded when `key` is not cached (its value was too large, or the version moved on), so an
   * alias never keeps a value alive that the budget does not count.
   */
  alias(version: number, alias: string, key: string): void {
    if (!this.enabled || version !== this.version || !this.entries.has(key)) return;
    // The target string is shared with the entry's key while the entry lives; counted anyway.
    const bytes = stringBytes(alias) + stringBytes(key) + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.maxBytes / 4) return;
    this.maybeSweep();
    const old = this.aliases.get(alias);
    if (old) this.removeAlias(alias, old);
    this.aliases.set(alias, { target: key, bytes, expiresAt: this.now() + this.ttlMs, used: ++this.tick });
    this.bytes += bytes;
    this.evict();
  }

  /** The value an alias stands for at `version`, if both are still cached. */
  peekAlias(version: number, alias: string): V | undefined {
    if (!this.enabled || version !== this.version) return undefined;
    const a = this.aliases.get(alias);
    if (!a) {
      mapCacheLookups.inc({ lookup: 'url', result: 'miss' });
      return undefined;
    }
    const entry = this.live(a.target);
    if (!entry || a.expiresAt <= this.now()) {
      this.removeAlias(alias, a);
      mapCacheLookups.inc({ lookup: 'url', result: 'miss' });
      return undefined;
    }
    mapCacheLookups.inc({ lookup: 'url', result: 'hit' });
    a.used = ++this.tick;
    this.aliases.delete(alias);
    this.aliases.set(alias, a);
    return entry.value;
  }

  /** Frees every expired entry and alias (and aliases whose entry is gone). */
  sweep(): void {
    const now = this.now();
    this.nextSweep = now + this.ttlMs;
    for (const [k, e] of this.entries) if (e.expiresAt <= now) this.remove(k, e);
    for (const [k, a] of this.aliases) {
      if (a.expiresAt <= now || !this.entries.has(a.target)) this.removeAlias(k, a);
    }
  }

  /** Frees everything. */
  clear(): void {
    this.entries.clear();
    this.aliases.clear();
    this.rendering.clear();
    this.bytes = 0;
  }

  private reset(version: number) {
    // Older versions are never asked for again: free them at once.
    this.clear();
    this.version = version;
  }

  /** The unexpired entry of `key`, marked most recently used; an expired one is freed. */
  private live(key: string): Entry<V> | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= this.now()) {
      this.remove(key, hit);
      return undefined;
    }
    // Map order is insertion order: re-inserting marks the entry most recently used.
    hit.used = ++this.tick;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  private maybeSweep() {
    if (this.now() >= this.nextSweep) this.sweep();
  }

  private store(key: string, value: V) {
    const bytes = this.sizeOf(value) + stringBytes(key) + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.maxBytes / 4) return;
    this.maybeSweep();
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, { value, bytes, expiresAt: this.now() + this.ttlMs, used: ++this.tick });
    this.bytes += bytes;
    this.evict();
  }

  /** Frees the least recently used entries and aliases until the budget holds. */
  private evict() {
    while (this.bytes > this.maxBytes) {
      const e = this.entries.entries().next().value;
      const a = this.aliases.entries().next().value;
      if (!e && !a) break;
      if (a && (!e || a[1].used < e[1].used)) this.removeAlias(a[0], a[1]);
      else if (e) this.remove(e[0], e[1]);
    }
  }

  private remove(key: string, entry: Entry<V>) {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private removeAlias(alias: string, a: Alias) {
    if (this.aliases.get(alias) !== a) return;
    this.aliases.delete(alias);
    this.bytes -= a.bytes;
  }
}

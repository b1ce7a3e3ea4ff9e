/**
 * Rendered map bodies, cached under the map data version (docs/decisions.md, "Map clustering").
 * The version is a row the database raises in the same transaction as any change the map shows,
 * so a body cached under it is never served after the data changed; bodies also expire after a
 * while, for the view counters that do not raise the version.
 */

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

interface Entry<V> {
  value: V;
  bytes: number;
  expiresAt: number;
}

/** An LRU of values by key for one data version, bounded in bytes, with one render per key at a time. */
export class VersionedCache<V> {
  private version: number | null = null;
  private readonly entries = new Map<string, Entry<V>>();
  private readonly rendering = new Map<string, Promise<V>>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly ttlMs: number,
    private readonly sizeOf: (value: V) => number,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /** The cached value of `key` at `version`, or the result of `render` (stored when it fits). */
  async get(version: number, key: string, render: () => Promise<V>): Promise<V> {
    if (!this.enabled) return render();
    // A request that read the version just before it changed renders without caching.
    if (this.version !== null && version < this.version) return render();
    if (version !== this.version) {
      // Older versions are never asked for again: free them at once.
      this.entries.clear();
      this.rendering.clear();
      this.bytes = 0;
      this.version = version;
    }
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) {
      // Map order is insertion order: re-inserting marks the entry most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    if (hit) this.remove(key, hit);
    const pending = this.rendering.get(key);
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

  get size(): number {
    return this.entries.size;
  }

  /** The cached value of `key` at `version`, without rendering. */
  peek(version: number, key: string): V | undefined {
    if (!this.enabled || version !== this.version) return undefined;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= this.now()) {
      this.remove(key, hit);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  /** Stores a value rendered at `version` (ignored when the version has moved on). */
  set(version: number, key: string, value: V): void {
    if (!this.enabled) return;
    if (this.version === null || version > this.version) {
      this.entries.clear();
      this.rendering.clear();
      this.bytes = 0;
      this.version = version;
    }
    if (version === this.version) this.store(key, value);
  }

  private store(key: string, value: V) {
    const bytes = this.sizeOf(value) + key.length + 64;
    if (bytes > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, { value, bytes, expiresAt: this.now() + this.ttlMs });
    this.bytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(k, e);
    }
  }

  private remove(key: string, entry: Entry<V>) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

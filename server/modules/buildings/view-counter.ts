/**
 * Building views, counted in memory and written in batches: a page view
 * costs no database write. Every FLUSH interval (and when the app closes) one statement per
 * VIEW_FLUSH_CHUNK buildings adds the counted views. A building's detail shows its stored count
 * plus this process's unwritten views, so the viewer sees their view at once; other processes and
 * the map see it after the next flush (the map's cached bodies may lag a further MAP_BODY_TTL_MS).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { buildings } from '../../db/schema.ts';

/** How often counted views are written. */
export const VIEW_FLUSH_INTERVAL_MS = 5_000;
/** Buildings per UPDATE statement (two parameters each, far below PostgreSQL's 65535). */
export const VIEW_FLUSH_CHUNK = 1_000;

export class ViewCounter {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** UPDATE statements that succeeded so far (tests). */
  writes = 0;

  constructor(
    private readonly db: Db,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** Writes counted views every `intervalMs` until `close`. */
  start(intervalMs = VIEW_FLUSH_INTERVAL_MS): void {
    this.timer ??= setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Counts one view of building `id` (which exists); answers its views not yet written. */
  count(id: number): number {
    const n = (this.pending.get(id) ?? 0) + 1;
    this.pending.set(id, n);
    return n;
  }

  /** Views of `id` counted here and not yet written. */
  unwritten(id: number): number {
    return this.pending.get(id) ?? 0;
  }

  /**
   * Writes every counted view (flushes run one at a time). Views that fail to be written (the
   * database is down) are kept and tried again at the next flush.
   */
  flush(): Promise<void> {
    const run = this.flushing.then(() => this.write());
    this.flushing = run;
    return run;
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending];
    this.pending = new Map();
    for (let i = 0; i < batch.length; i += VIEW_FLUSH_CHUNK) {
      const chunk = batch.slice(i, i + VIEW_FLUSH_CHUNK);
      try {
        await this.db.execute(sql`
          UPDATE ${buildings} SET views = ${buildings.views} + v.n
          FROM (VALUES ${sql.join(
            chunk.map(([id, n]) => sql`(${id}::int, ${n}::int)`),
            sql`, `,
          )}) AS v(id, n)
          WHERE ${buildings.id} = v.id`);
        this.writes += 1;
      } catch (err) {
        // Kept for the next flush; a building deleted meanwhile is simply not matched then.
        for (const [id, n] of batch.slice(i)) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
        this.log?.warn({ err }, 'could not write building views; kept for the next flush');
        return;
      }
    }
  }
}

/**
 * A daily budget of place searches per user (PLACES_PER_USER_PER_DAY): a
 * configured Google key is billed per call, so one account cannot run up the bill. Counted in
 * the table places_usage, one row per user and UTC day, so every API process shares the count.
 * Rows of past days are deleted at most once an hour by each process.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/rows.ts';

const CLEANUP_EVERY_MS = 60 * 60 * 1000;

export class PlacesBudget {
  private lastCleanup = 0;

  constructor(
    private readonly db: Db,
    private readonly perDay: number,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /**
   * Counts one place search of this user today. Returns null within the budget, else the seconds
   * until the budget renews (the next UTC midnight).
   */
  async charge(userId: number): Promise<number | null> {
    const [row] = await selectRows<{ count: number | string; seconds_left: number | string }>(
      this.db,
      sql`INSERT INTO places_usage (user_id, day, count)
          VALUES (${userId}, (now() AT TIME ZONE 'UTC')::date, 1)
          ON CONFLICT (user_id, day) DO UPDATE SET count = places_usage.count + 1
          RETURNING count, extract(epoch FROM (date_trunc('day', now() AT TIME ZONE 'UTC') + interval '1 day') - (now() AT TIME ZONE 'UTC'))::int AS seconds_left`,
    );
    if (!row) throw new Error('places_usage upsert returned no row');
    await this.cleanupNowAndThen();
    return Number(row.count) > this.perDay ? Math.max(1, Number(row.seconds_left)) : null;
  }

  private async cleanupNowAndThen() {
    const now = Date.now();
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    try {
      await this.db.execute(sql`DELETE FROM places_usage WHERE day < (now() AT TIME ZONE 'UTC')::date`);
    } catch (err) {
      this.log?.warn({ err }, 'places budget: deleting past days failed');
    }
  }
}

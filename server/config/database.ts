/** The database (embedded PGlite under DATA_DIR, or PostgreSQL) and the data directory. */
import { z } from 'zod';
import { area, flag, integer, setting, text } from './setting.ts';

/** PGlite's shared_buffers in MB when PGLITE_SHARED_BUFFERS_MB is unset (also server/db/client.ts's default). */
export const PGLITE_SHARED_BUFFERS_MB_DEFAULT = 16;

export const DATABASE_URL = setting(
  z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  { text: '`postgres://…` to use a PostgreSQL server instead of the embedded one' },
);

export const databaseSettings = area(
  {
    DATA_DIR: setting(text, {
      default: './data',
      text: "embedded database (`db/`) and local media (`media/`); created the owner's only (directories 0700, files 0600), and group/other permissions are removed from what is there at each start",
    }),
    DATABASE_URL,
    SEED: setting(flag, {
      default: 'true',
      text: 'seed styles and the catalogue of well-known buildings (owned by the system account `atlas`) into an empty database at start',
    }),
    DB_STATEMENT_TIMEOUT_MS: setting(integer(0, 3_600_000), {
      default: '5000',
      text: 'PostgreSQL cancels any statement of the API running longer (the request answers 503 problem JSON); `0` = no limit. Not applied to migrations or the job queue, nor on the embedded PGlite (it cannot cancel a running statement)',
    }),
    PGLITE_SHARED_BUFFERS_MB: setting(integer(1, 4096), {
      default: String(PGLITE_SHARED_BUFFERS_MB_DEFAULT),
      text: "the embedded database's buffer pool (PostgreSQL's `shared_buffers`; it is resident from the start). Raise it for a large catalogue on a machine with memory to spare; unused with `DATABASE_URL`",
    }),
  },
  {},
  (e) => ({
    /** The data directory (PGlite database, local media) as given; loadConfig makes it absolute. */
    dataDir: e.DATA_DIR,
    /** PostgreSQL URL; undefined means embedded PGlite under dataDir/db. */
    databaseUrl: e.DATABASE_URL,
    /** Seed styles and demo buildings into an empty database at start. */
    seed: e.SEED,
    /**
     * PostgreSQL cancels an app statement running longer (503); 0 = no limit. Not applied on the
     * embedded PGlite, which cannot cancel a running statement.
     */
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    /** PGlite's shared_buffers in MB; unused on PostgreSQL. */
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
  }),
);

/**
 * The one place a PGlite instance is made. Search needs the contrib extensions pg_trgm, unaccent
 * and fuzzystrmatch; PGlite loads them only when its `extensions` option names them, and a data
 * directory that uses them, reopened without them, still answers SELECTs but fails INSERTs (field
 * notes, "Search"). So the server, the CLI, the backup script, tests and benchmarks all open
 * PGlite through here.
 */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

export const PGLITE_EXTENSIONS = { pg_trgm, unaccent, fuzzystrmatch };

/** A PGlite on `dataDir` (in memory when undefined), with the app's extensions loaded. */
export async function openPglite(
  dataDir?: string,
  options: Omit<PGliteOptions, 'extensions' | 'dataDir'> = {},
): Promise<PGlite> {
  // The one-argument form: `new PGlite(undefined, options)` would drop the options.
  const client = new PGlite({ ...options, ...(dataDir ? { dataDir } : {}), extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  return client;
}

/**
 * `npm run users -- role <handle> <user|moderator|admin>`: sets a user's role on the database of
 * DATABASE_URL or DATA_DIR (for a first admin without Google, or to withdraw an admin that
 * ADMIN_EMAILS made). On the embedded PGlite, stop the server first: its data directory is
 * opened by one process at a time. The change is written to the moderation log (no actor).
 */
import { USER_ROLES, type Role } from '#domain/roles';
import { ConfigError, loadConfig } from '../../config.ts';
import { ownerOnlyFiles, tightenDataDir } from '../../data-dir.ts';
import { loadEnvFile } from '../../env-file.ts';
import { setRoleByHandle } from './roles.service.ts';
import { openDatabase } from '../../db/client.ts';

const USAGE = `usage: npm run users -- role <handle> <${USER_ROLES.join('|')}>`;

const isRole = (value: string | undefined): value is Role =>
  (USER_ROLES as readonly string[]).includes(value ?? '');

async function run(args: string[]): Promise<number> {
  const [command, handle, role] = args;
  if (command !== 'role' || !handle || !isRole(role)) {
    console.error(USAGE);
    return 2;
  }
  ownerOnlyFiles();
  loadEnvFile();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteSharedBuffersMb: config.pgliteSharedBuffersMb,
  });
  try {
    await database.migrate();
    const result = await setRoleByHandle(database.db, handle, role);
    if (!result.ok) {
      console.error(result.reason === 'missing' ? `no user ${handle}` : `${handle} is the catalogue account`);
      return 1;
    }
    console.log(`${handle}: ${result.previous} -> ${role}`);
    return 0;
  } finally {
    await database.close();
    // A first migration on PGlite unpacked the empty cluster with group/other bits.
    if (database.kind === 'pglite') await tightenDataDir(config.dataDir);
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);

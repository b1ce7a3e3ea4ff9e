/** `npm run db:migrate` and `npm run db:seed`: the same steps the server runs at start. */
import { ConfigError, loadConfig } from '../config.ts';
import { ownerOnlyFiles, tightenDataDir } from '../data-dir.ts';
import { loadEnvFile } from '../env-file.ts';
import { openDatabase } from './client.ts';
import { seedDatabase } from './seed.ts';

async function run(command: string | undefined) {
  if (command !== 'migrate' && command !== 'seed') {
    console.error('usage: cli.ts migrate|seed');
    process.exit(2);
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
    console.log(`migrations applied (${database.kind})`);
    if (command === 'seed') {
      const result = await seedDatabase(database.db);
      console.log(
        `seed: ${result.stylesAdded} styles and ${result.buildingsAdded} buildings added, ` +
          `architects given to ${result.architectsLinked} buildings`,
      );
    }
  } finally {
    await database.close();
    // A first migration on PGlite unpacked the empty cluster with group/other bits.
    if (database.kind === 'pglite') await tightenDataDir(config.dataDir);
  }
}

run(process.argv[2]).catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});

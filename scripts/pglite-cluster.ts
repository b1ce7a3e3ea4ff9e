/**
 * `npm run build:pglite`: writes the empty PGlite cluster the first start unpacks
 * (server/db/pglite-cluster.ts) when the installed PGlite has none yet; otherwise does nothing.
 *
 *   node --import tsx scripts/pglite-cluster.ts [--force]
 */
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { emptyClusterFile, PGLITE_CLUSTER_DIR } from '../server/db/pglite-cluster.ts';

const file = await emptyClusterFile();
const exists = await fs.stat(file).then(
  () => true,
  () => false,
);
if (exists && !process.argv.includes('--force')) {
  console.log(`pglite: ${file} is there`);
} else {
  const started = performance.now();
  const db = new PGlite();
  await db.waitReady;
  const tarball = await db.dumpDataDir('gzip');
  await db.close();
  await fs.mkdir(PGLITE_CLUSTER_DIR, { recursive: true });
  // Written whole under another name first: a build stopped half-way leaves no broken cluster.
  await fs.writeFile(`${file}.part`, new Uint8Array(await tarball.arrayBuffer()));
  await fs.rename(`${file}.part`, file);
  // Clusters of earlier PGlite versions are of no use any more.
  for (const name of await fs.readdir(PGLITE_CLUSTER_DIR)) {
    if (name.startsWith('empty-cluster-') && `${PGLITE_CLUSTER_DIR}/${name}` !== file) {
      await fs.rm(`${PGLITE_CLUSTER_DIR}/${name}`, { force: true });
    }
  }
  console.log(
    `pglite: wrote ${file} (${(tarball.size / 1e6).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

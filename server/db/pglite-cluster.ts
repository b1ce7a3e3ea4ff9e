/**
 * The embedded database's empty cluster, made once by the build (`npm run build:pglite`) instead
 * of at the first start. PostgreSQL's initdb inside PGlite runs a second WebAssembly instance
 * beside the server's and peaked at ≈ 600 MB; a data directory unpacked from this tarball peaks
 * at ≈ 270 MB (first-start peak ≤ 500 MB). The file is named by PGlite's version: a new
 * PGlite gets a new cluster, and without the file the server runs initdb as before.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** dist/pglite (the bundled server in dist/server resolves the same folder). */
export const PGLITE_CLUSTER_DIR = fileURLToPath(new URL('../../dist/pglite', import.meta.url));

/** PGlite's version, from its package.json beside its entry point (its exports hide the file). */
async function pgliteVersion(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  for (;;) {
    const file = path.join(dir, 'package.json');
    const text = await fs.readFile(file, 'utf8').catch(() => undefined);
    if (text) {
      const manifest = JSON.parse(text) as { name?: string; version?: string };
      if (manifest.name === '@electric-sql/pglite' && manifest.version) return manifest.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('@electric-sql/pglite: package.json not found');
    dir = parent;
  }
}

/** Where the build writes the empty cluster for the installed PGlite. */
export async function emptyClusterFile(dir = PGLITE_CLUSTER_DIR): Promise<string> {
  return path.join(dir, `empty-cluster-${await pgliteVersion()}.tar.gz`);
}

/** The empty cluster made by the build, or undefined when there is none for this PGlite. */
export async function readEmptyCluster(dir = PGLITE_CLUSTER_DIR): Promise<Blob | undefined> {
  const bytes = await fs.readFile(await emptyClusterFile(dir)).catch(() => undefined);
  return bytes ? new Blob([new Uint8Array(bytes)]) : undefined;
}

/**
 * Which server test files the `api-postgres` Vitest project runs again on PostgreSQL: those that
 * import, directly or through other modules, server/test/test-app.ts (createTestApp, usesPostgres)
 * — the only module that reads TEST_DB_ENGINE. Any other file would run the same code twice, so
 * it runs once. The list is computed from the imports, so a new test that opens its database
 * through createTestApp is on PostgreSQL too without anyone listing it; `*.pg-test.ts` files
 * (PostgreSQL only) always are.
 */
import fs from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g;
const ALIASES: Record<string, string> = { '#server/': 'server/', '#domain/': 'domain/' };

function resolveImport(root: string, fromFile: string, specifier: string): string | undefined {
  let target: string | undefined;
  if (specifier.startsWith('.')) target = path.resolve(path.dirname(fromFile), specifier);
  for (const [alias, dir] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) target = path.join(root, dir, `${specifier.slice(alias.length)}.ts`);
  }
  return target && fs.existsSync(target) && fs.statSync(target).isFile() ? target : undefined;
}

/** The test files under `root`/server (paths relative to `root`) that reach `test-app.ts` or are `*.pg-test.ts`. */
export function postgresTestFiles(root: string): string[] {
  const testApp = path.join(root, 'server/test/test-app.ts');
  const reaches = new Map<string, boolean>();
  const reachesTestApp = (file: string): boolean => {
    if (file === testApp) return true;
    const known = reaches.get(file);
    if (known !== undefined) return known;
    reaches.set(file, false); // an import cycle does not reach it through itself
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(IMPORT)) {
      const target = resolveImport(root, file, match[1]!);
      if (target && reachesTestApp(target)) {
        reaches.set(file, true);
        return true;
      }
    }
    return false;
  };
  return fs
    .readdirSync(path.join(root, 'server'), { recursive: true, encoding: 'utf8' })
    .map((relative) => path.join(root, 'server', relative))
    .filter((file) => file.endsWith('.pg-test.ts') || (file.endsWith('.test.ts') && reachesTestApp(file)))
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .sort();
}

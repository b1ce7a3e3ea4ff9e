/**
 * The layers' boundaries (docs/architecture.md, "Boundaries"), as zones of import-x's
 * no-restricted-paths: a file inside a zone's `target` may not import from its `from`, `except`
 * what is listed. Imports are resolved first, relative paths and the `#domain/*`, `#server/*`
 * aliases of package.json alike, so a zone holds however an import is spelt; `import type`,
 * `export … from` and `import()` count as imports too. scripts/boundaries.test.ts shows each zone
 * refusing a wrong import and letting a right one through
 * (docs/decisions/2026-11-27-boundaries-in-the-linter.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const root = import.meta.dirname;

/** The folders directly under `dir` (relative to the root): one zone each. */
function folders(dir) {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Server modules talk through services: another module's `*.service.ts` and `*.queries.ts` (its SQL). */
const MODULE_SERVICE_FILE = /\.(service|queries)\.ts$/;

/**
 * Files of a module that every other module may import: cross-cutting parts whose callers are
 * everywhere, and the shared test helpers.
 */
const MODULE_PUBLIC_FILES = [
  // requireUser(): the signed-in user of a request, from the one session hook.
  'auth/auth.plugin.ts',
  // The Prometheus registry every part counts into.
  'metrics/registry.ts',
  // appendLog(): a moderator's change made through another module (a building, an image, a
  // comment, an architect) is logged in that change's transaction.
  'moderation/moderation-log.ts',
];
const MODULE_TEST_SUPPORT = /\.test-support\.ts$/;

/**
 * The few imports between modules that go around their services, each with its reason. An entry
 * is module → file of another module.
 */
const MODULE_EXCEPTIONS = [
  // The export's links (building pages, pictures) are absolute the way the page heads make them.
  { module: 'export', imports: 'pages/page-head.ts' },
  // The visibility test checks that link previews (the page heads) leave hidden buildings out.
  { module: 'moderation', imports: 'pages/page-head.ts' },
];

/** Every file of other modules that `module` may import (paths relative to server/modules). */
function moduleExceptions(module, modules) {
  const files = modules
    .filter((other) => other !== module)
    .flatMap((other) =>
      fs
        .readdirSync(path.join(root, 'server/modules', other))
        .filter((name) => MODULE_SERVICE_FILE.test(name) || MODULE_TEST_SUPPORT.test(name))
        .map((name) => `${other}/${name}`),
    );
  const own = MODULE_EXCEPTIONS.filter((e) => e.module === module).map((e) => e.imports);
  return [`./${module}`, ...[...files, ...MODULE_PUBLIC_FILES, ...own].map((file) => `./${file}`)];
}

const features = folders('web/src/features');
const modules = folders('server/modules');

/** The server's layers below its modules: what every module may use, and which knows none of them. */
const BELOW_MODULES = [
  'server/db',
  'server/http',
  'server/config',
  'server/lib',
  'server/storage',
  'server/geo',
  'server/analytics',
];
/** The demo data's loader: below the modules but for one service (its zone is below). */
const SEED = 'server/db/seed.ts';
/** Production files under `dir` but the seed (their tests may build a whole app, modules included). */
const productionFiles = (dir) => `${dir}/**/!(*.test|*.pg-test|*.fault|seed).ts`;

const zones = [
  {
    target: 'domain',
    from: '.',
    except: ['./domain', './node_modules'],
    message:
      'domain/ is shared by the server and the web app and imports nothing of theirs (only domain/ and packages).',
  },
  {
    target: 'web',
    from: 'server',
    message: 'The web app does not import the server: share code through domain/.',
  },
  {
    target: 'server',
    from: 'web',
    message: 'The server does not import the web app: share code through domain/.',
  },
  ...features.map((feature) => ({
    target: `web/src/features/${feature}`,
    from: 'web/src/features',
    except: [`./${feature}`],
    message:
      'A web feature imports no other feature: compose them in web/src/app, or move the shared part to web/src/lib or web/src/components.',
  })),
  {
    target: ['web/src/lib', 'web/src/components'],
    from: 'web/src/features',
    message:
      'Shared web code (web/src/lib, web/src/components) imports no feature: web/src/app composes them.',
  },
  {
    target: BELOW_MODULES.map(productionFiles).concat('server/config.ts'),
    from: 'server/modules',
    message: `${BELOW_MODULES.join(', ')} sit below the modules and import none of them.`,
  },
  {
    // The demo seed writes its buildings' architects as the app does, names normalised and shared.
    target: SEED,
    from: 'server/modules',
    except: ['./architects/architects.service.ts'],
    message: 'The seed (server/db/seed.ts) uses no module but the architects service.',
  },
  ...modules.map((module) => ({
    target: `server/modules/${module}`,
    from: 'server/modules',
    except: moduleExceptions(module, modules),
    message:
      'A server module reaches another only through its services (*.service.ts, *.queries.ts) or the files eslint.boundaries.js lists.',
  })),
];

export const boundaries = {
  files: ['**/*.{ts,tsx,js,mjs}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [
      createNodeResolver({
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        conditionNames: ['import', 'module', 'default'],
      }),
    ],
  },
  rules: {
    'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
  },
};

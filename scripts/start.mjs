// `npm start`: build only what is stale, then run the compiled server in this very process.
//
// - The web app (`npm run build`, whatever it runs) is rebuilt only when dist/web is missing or
//   a hash of its inputs differs from the one stamped after the last build.
// - The server is bundled with esbuild (server/main.ts, server/worker.ts → dist/server, with most
//   packages) when server/, domain/ or the lock file changed: one JavaScript file starts in about
//   half the CPU time of tsx compiling TypeScript and resolving module files at every start.
// - Node's compile cache (dist/.cache) keeps V8's compiled code of the modules between starts.
//
// The builds run in child processes, so their memory is gone before the server starts.
// `node scripts/start.mjs --build-only` builds what is stale and exits.
// `node scripts/start.mjs --worker` (`npm run worker`) runs the bundled job worker
// (dist/server/worker.js) instead of the server; it needs no web app, so it builds only the server.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { requireSupportedNode } from './node-version.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const stampFile = path.join(dist, '.start-stamps.json');

// What each output is made from. Test files are not part of any build.
const WEB_INPUTS = [
  'web',
  'domain',
  'scripts',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  // The build draws the locator's frames (scripts/basemap) with the server's drawing code.
  'server/modules/locator',
  'server/geo',
];
// This script's esbuild options live here: a change to them rebuilds the server (hashed on its own).
const SERVER_INPUTS = ['server', 'domain', 'package.json', 'package-lock.json', 'tsconfig.json'];
const SKIPPED = /(^|\/)(node_modules|\.git)$|\.(test|pg-test|fault)\.tsx?$|^scripts\/start\.mjs$/;

/** A hash of the paths and contents of every file under `inputs` (sorted, so stable). */
export function hashInputs(inputs, base = root) {
  const hash = createHash('sha256');
  const visit = (rel) => {
    if (SKIPPED.test(rel)) return;
    const abs = path.join(base, rel);
    let stat;
    try {
      stat = fs.statSync(abs);
    } catch {
      hash.update(`missing ${rel}\0`);
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) visit(`${rel}/${name}`);
    } else if (stat.isFile()) {
      hash.update(`${rel}\0`);
      hash.update(fs.readFileSync(abs));
      hash.update('\0');
    }
  };
  for (const input of inputs) visit(input);
  return hash.digest('hex');
}

/** The server bundle also depends on the options below, in this file. */
function serverHash() {
  return createHash('sha256')
    .update(hashInputs(SERVER_INPUTS))
    .update(fs.readFileSync(fileURLToPath(import.meta.url)))
    .digest('hex');
}

function readStamps() {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return {};
  }
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`start: ${command} ${args.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
}

function buildServer() {
  const outdir = path.join(dist, 'server');
  fs.rmSync(outdir, { recursive: true, force: true });
  // esbuild's API in a child process: its code never loads into the server's process.
  const options = {
    entryPoints: [
      'server/main.ts',
      'server/worker.ts',
      { in: 'server/db/pglite-thread.ts', out: 'pglite-thread' },
      'server/modules/images/image-process.ts',
      { in: 'server/modules/search/write-places.ts', out: 'write-places' },
    ],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The oldest Node the project runs on (package.json's engines).
    target: 'node20.19',
    // Dynamic imports (S3 storage and its AWS SDK, the pg driver, routes registered later) become
    // chunks of their own beside main.js (code finds its files from import.meta.url), read only by
    // a server that uses them.
    splitting: true,
    chunkNames: '[name]-[hash]',
    // Packages are bundled too: resolving and reading some 1,500 module files of node_modules
    // cost more CPU at start than compiling our own code. Left out: packages that find their
    // files beside their own code (PGlite's WebAssembly, sharp's native library, the API docs'
    // static files) or are optional.
    external: ['@electric-sql/pglite', 'sharp', '@fastify/swagger-ui', 'pg-native'],
    // Bundled CommonJS packages call require() for Node's built-in modules.
    banner: {
      js: "import { createRequire as __atlasCreateRequire } from 'node:module'; const require = __atlasCreateRequire(import.meta.url);",
    },
    // Without comments and blanks the source V8 keeps in memory is a third as big (and one
    // byte a character: a single non-ASCII comment would make it two). Names stay readable.
    minifyWhitespace: true,
    minifySyntax: true,
    // Licence comments go to main.js.LEGAL.txt beside the bundle.
    legalComments: 'external',
    outdir,
    logLevel: 'warning',
  };
  run(process.execPath, [
    '--input-type=module',
    '-e',
    `const { build } = await import('esbuild'); await build(${JSON.stringify(options)});`,
  ]);
  // server/db/client.ts finds the migrations beside itself (import.meta.url): beside the bundle.
  fs.cpSync(path.join(root, 'server/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
  // The search's place gazetteer as a file beside the bundle, which the server reads at start
  // instead of building it (server/modules/search/places-file.ts).
  run(process.execPath, [path.join(outdir, 'write-places.js')]);
}

/**
 * Stops with what to do when a build is due but the code's folder is read-only here (a service
 * manager's ProtectSystem=strict, a read-only image): the build would end in a stack trace.
 */
function requireWritable(what) {
  const folder = fs.existsSync(dist) ? dist : root;
  try {
    fs.accessSync(folder, fs.constants.W_OK);
  } catch {
    console.error(
      `start: ${what} is not built or older than its sources, and ${folder} is read-only for this process. ` +
        'Build it where the code is installed first (`node scripts/start.mjs --build-only` as the owner of the code), then start again.',
    );
    process.exit(1);
  }
}

/** Builds what is stale (without the web app when `web` is false); returns what it built. */
export function buildIfStale({ web = true } = {}) {
  const stamps = readStamps();
  const built = [];
  if (web && (!fs.existsSync(path.join(dist, 'web/index.html')) || stamps.web !== hashInputs(WEB_INPUTS))) {
    requireWritable('the web app (dist/web)');
    console.log('start: the web app changed or is not built; building it (npm run build)');
    run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build']);
    // Hashed after the build: a build step that writes into its own inputs does not make the
    // next start build again.
    stamps.web = hashInputs(WEB_INPUTS);
    built.push('web');
  }
  if (!fs.existsSync(path.join(dist, 'server/main.js')) || stamps.server !== serverHash()) {
    requireWritable('the server bundle (dist/server)');
    console.log('start: the server changed or is not built; bundling it (dist/server)');
    buildServer();
    stamps.server = serverHash();
    built.push('server');
  }
  if (built.length) {
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(stampFile, `${JSON.stringify(stamps, null, 2)}\n`);
  }
  return built;
}

/**
 * Stops with what to do when the packages are not installed: the builds and the server would
 * otherwise end in a stack trace about a missing module. Checked before anything imports one.
 */
function requireInstalledPackages(command) {
  const missing = ['esbuild', 'vite', 'fastify', '@electric-sql/pglite'].filter(
    (name) => !fs.existsSync(path.join(root, 'node_modules', name, 'package.json')),
  );
  if (missing.length === 0) return;
  console.error(
    `${command}: the project's packages are not installed (node_modules lacks ${missing.join(', ')}). ` +
      `Run \`npm install\` in this folder first, then \`${command}\` again.`,
  );
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const worker = process.argv.includes('--worker');
  const command = worker ? 'npm run worker' : 'npm start';
  requireSupportedNode(command);
  requireInstalledPackages(command);
  buildIfStale({ web: !worker });
  if (!process.argv.includes('--build-only')) {
    module.enableCompileCache?.(path.join(dist, '.cache/node-compile'));
    await import(pathToFileURL(path.join(dist, worker ? 'server/worker.js' : 'server/main.js')).href);
  }
}

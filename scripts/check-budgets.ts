/**
 * `npm run check:budgets`: the route budgets of scripts/budgets.ts on the build in dist/web
 * (built first when missing). Sizes are brotli at the highest quality, as the server sends them
 * (the build's `.br` files). Exits 1 when a route is over a budget or loads map code it should not.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { checkBudgets, ROUTE_BUDGETS, type Manifest } from './budgets.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'dist', 'web');
const manifestFile = path.join(webDir, '.vite', 'manifest.json');

if (!fs.existsSync(manifestFile)) {
  console.error('dist/web has no manifest: building the web app first');
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
}

const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
const sizeOf = (file: string) => {
  const full = path.join(webDir, file);
  if (fs.existsSync(`${full}.br`)) return fs.statSync(`${full}.br`).size;
  const bytes = fs.readFileSync(full);
  const br = zlib.brotliCompressSync(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
  }).length;
  return Math.min(br, bytes.length);
};

const reports = checkBudgets(manifest, ROUTE_BUDGETS, sizeOf);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const [i, r] of reports.entries()) {
  const b = ROUTE_BUDGETS[i]!;
  console.log(
    `${r.problems.length ? 'OVER' : 'ok  '} ${r.route.padEnd(22)} JS ${kb(r.jsBytes).padStart(9)} (max ${kb(b.maxJsBytes)}, target ${kb(b.targetJsBytes)})` +
      `  CSS ${kb(r.cssBytes).padStart(8)} (max ${kb(b.maxCssBytes)}, target ${kb(b.targetCssBytes)})` +
      (r.overTarget ? '  over target' : '') +
      (r.problems.length ? `  ${r.problems.join('; ')}` : ''),
  );
}
if (reports.some((r) => r.problems.length > 0)) {
  console.error('Route budgets exceeded (scripts/budgets.ts): see above.');
  process.exit(1);
}

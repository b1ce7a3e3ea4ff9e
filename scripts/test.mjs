// `npm test`: type-check and lint at once (each uses one core; the web build and its size budgets follow the shorter
// type-check on its core), then the unit and API tests, then the end-to-end tests on that build.
// Each step is an npm script of its own; a failing step stops the run with its exit code. The
// parallel steps' output is printed whole when each ends, so it does not interleave.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <script>`; with `capture`, its output is kept and returned instead of shown. */
function run(script, { capture = false, env = {} } = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(npm, ['run', '--silent', script], {
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    let output = '';
    if (capture) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolve({ script, code: code ?? 1, signal, output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

function report({ script, code, signal, seconds }) {
  const result = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
  console.log(`\n── npm run ${script}: ${result} in ${seconds.toFixed(1)} s`);
}

const startedAll = performance.now();

/** Runs the scripts one after the other, output captured; stops at the first failure. */
async function lane(scripts) {
  const results = [];
  for (const script of scripts) {
    const result = await run(script, { capture: true });
    if (result.output.trim()) console.log(`\n── output of npm run ${script}:\n${result.output.trimEnd()}`);
    report(result);
    results.push(result);
    if (result.code !== 0) break;
  }
  return results;
}

console.log('── npm run typecheck, then build, then check:budgets ‖ npm run lint');
const lanes = await Promise.all([lane(['typecheck', 'build', 'check:budgets']), lane(['lint'])]);
let failed = lanes.flat().find((result) => result.code !== 0);

for (const script of ['test:unit', 'test:e2e']) {
  if (failed) break;
  console.log(`\n── npm run ${script}`);
  // The e2e tests use the build made above.
  const result = await run(script, { env: { E2E_SKIP_BUILD: '1' } });
  report(result);
  if (result.code !== 0) failed = result;
}

const total = ((performance.now() - startedAll) / 1000).toFixed(1);
if (failed) {
  console.log(`\nnpm test: npm run ${failed.script} failed (${total} s in all)`);
  process.exit(failed.code || 1);
}
console.log(`\nnpm test: everything passed in ${total} s`);

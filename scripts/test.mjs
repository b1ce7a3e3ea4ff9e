// `npm test`: two lanes at once, then the end-to-end tests. Lane one: type-check, the web build
// and its size budgets, then the unit and API tests; lane two: lint. Lint (typed rules, one core)
// takes about three times as long as type-check, build and budgets together, so the unit tests
// start on the core those leave free instead of waiting for lint. The end-to-end tests use the
// build made in lane one. Each step is an npm script of its own; a failing step stops its lane,
// and the run ends with that step's exit code. Lint's output is printed whole when it ends, so it
// does not interleave with the unit tests' own.
import { spawn } from 'node:child_process';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode('npm test');

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

/**
 * Runs the steps one after the other; stops at the first failure. A step is a script name, its
 * output captured and printed when it ends, or `{ script, stream: true }`, its output shown live.
 */
async function lane(steps) {
  const results = [];
  for (const step of steps) {
    const { script, stream = false } = typeof step === 'string' ? { script: step } : step;
    if (stream) console.log(`\n── npm run ${script}`);
    // The end-to-end tests use lane one's build instead of making their own.
    const result = await run(script, { capture: !stream, env: { E2E_SKIP_BUILD: '1' } });
    if (result.output.trim()) console.log(`\n── output of npm run ${script}:\n${result.output.trimEnd()}`);
    report(result);
    results.push(result);
    if (result.code !== 0) break;
  }
  return results;
}

console.log('── npm run typecheck, then build, then check:budgets, then test:unit ‖ npm run lint');
const lanes = await Promise.all([
  lane(['typecheck', 'build', 'check:budgets', { script: 'test:unit', stream: true }]),
  lane(['lint']),
]);
let failed = lanes.flat().find((result) => result.code !== 0);

if (!failed) {
  const [result] = await lane([{ script: 'test:e2e', stream: true }]);
  if (result.code !== 0) failed = result;
}

const total = ((performance.now() - startedAll) / 1000).toFixed(1);
if (failed) {
  console.log(`\nnpm test: npm run ${failed.script} failed (${total} s in all)`);
  process.exit(failed.code || 1);
}
console.log(`\nnpm test: everything passed in ${total} s`);

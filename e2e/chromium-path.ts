import fs from 'node:fs';

/** Flags measured to give WebGL 2 through SwiftShader in headless Debian Chromium (field notes). */
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

/**
 * The end-to-end tests' Chromium: CHROMIUM_ARGS, and V8 without its optimizing compilers
 * (TurboFan, Maglev). A journey's pages live for seconds, so the optimized code those compilers
 * make on the renderer's background threads is mostly never used, while the suite is bound by
 * the CPU (a single file keeps both cores of a 2-core machine busy). Measured on one (CPU times
 * of Chromium's processes and threads from /proc around one `/` load to its idle map, 3 loads):
 * renderer 5.5–6.1 → 4.1–4.3 CPU-s, of it the background threads 2.0 → 1.0 s; idle after
 * 4.8–6.3 → 3.9–4.5 s. `E2E_SKIP_BUILD=1 npx vitest run --config vitest.e2e.config.ts
 * e2e/explore.e2e.ts`: 86–96 → 75 s, 148–168 → 126 CPU-s (machine-wide, /proc/stat). What the
 * pages do is the same; only how fast their scripts run changes. The benchmarks launch with
 * CHROMIUM_ARGS alone: they measure the product as visitors' browsers run it.
 */
export const E2E_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--js-flags=--no-opt --no-maglev'];

/** The system Chromium the end-to-end tests drive (never a downloaded browser build). */
export function chromiumPath(): string {
  return process.env.CHROME_PATH ?? '/usr/bin/chromium';
}

/** Throws with the install hint when Chromium is missing. */
export function assertChromiumInstalled(executablePath: string = chromiumPath()): void {
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}; install it with \`apt-get install -y chromium\` (Debian) or set CHROME_PATH.`,
    );
  }
}

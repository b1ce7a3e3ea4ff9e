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

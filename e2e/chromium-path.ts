import fs from 'node:fs';

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

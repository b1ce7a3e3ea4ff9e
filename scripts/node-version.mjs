// The Node.js versions the project runs on, checked by `npm start` and `npm test` before they
// import anything else: 20.19 or later in the 20 line (its require() loads the ES-module-only
// packages some dependencies use, such as cookie and content-disposition), or 22.12 and later
// (22.0–22.11 had that require() behind a flag). The same range as package.json's engines.
// Why not 22 only: docs/decisions/2026-11-27-node-20-19-or-22.md.

/** package.json's `engines.node` (a test checks that the two agree). */
export const SUPPORTED_NODE = '^20.19.0 || >=22.12.0';

/** Whether `version` ("20.20.2", without the v) is one the project runs on. */
export function isSupportedNode(version) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major >= 23;
}

/** Stops the process with a message that says which Node is needed, on an older Node. */
export function requireSupportedNode(command) {
  const version = process.versions.node;
  if (isSupportedNode(version)) return;
  console.error(
    `${command}: this is Node.js ${version}; Atlas of Buildings needs Node.js 20.19 or later in the 20 line, ` +
      `or 22.12 or later (${SUPPORTED_NODE}). Install one (https://nodejs.org/en/download, or your ` +
      `system's package), check it with \`node --version\`, then run ${command} again.`,
  );
  process.exit(1);
}

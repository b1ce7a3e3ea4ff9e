import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { isSupportedNode as isSupported, SUPPORTED_NODE as supported } from './node-version.mjs';

const isSupportedNode = isSupported as (version: string) => boolean;

describe('the Node.js versions npm start and npm test accept', () => {
  it('are the range package.json declares in engines', () => {
    const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      engines: { node: string };
    };
    expect(pkg.engines.node).toBe(supported);
  });

  it('take 20.19 and later in the 20 line, and 22.12 and later', () => {
    for (const version of ['20.19.0', '20.20.2', '22.12.0', '22.23.1', '24.1.0', '25.0.0'])
      expect(isSupportedNode(version), version).toBe(true);
  });

  it('refuse the versions without require() of ES modules by default', () => {
    for (const version of ['18.20.4', '20.18.3', '20.0.0', '21.7.3', '22.11.0', '19.9.0'])
      expect(isSupportedNode(version), version).toBe(false);
  });
});

/**
 * Mantine's `useId` (in @mantine/hooks) without its second render: a Vite plugin of vite.config.ts.
 *
 * Mantine's hook starts from React's `useId` and then, in a layout effect on mount, replaces it by a
 * random id with `setState`. A state update in a layout effect is synchronous: React renders the
 * component again before the browser paints and, to do so, first runs every effect still pending
 * from the commit, all in the task that committed. Every Mantine input with a label, popover,
 * tooltip and menu calls it, so each commit that mounts one (the first render of a page, a building's
 * arrival, the comments) became one long task on a phone instead of several short ones. React's
 * `useId` is unique within a root and this app has one root, so the build keeps Mantine's first id
 * (the one it already uses for server rendering) and drops the replacement. See
 * docs/decisions/2026-11-27-no-state-set-while-react-commits.md.
 */
import fs from 'node:fs';
import type { Plugin } from 'vite';

/** The module of @mantine/hooks that defines `useId`. */
export const MANTINE_USE_ID_MODULE = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/** What the module is replaced with: Mantine's first id, kept. A given `staticId` wins, as in Mantine's. */
export const STABLE_USE_ID_SOURCE = `import { useId as useReactId } from "react";
function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === "string" ? staticId : \`mantine-\${reactId.replace(/:/g, "")}\`;
}
export { useId };
`;

/**
 * The installed module still is the one this replaces: it exports `useId`, starts from React's id
 * the same way and sets a random one after mounting. A Mantine upgrade that changes any of this
 * stops the build, to be looked at again.
 */
export function isReplaceableUseId(source: string): boolean {
  return (
    /export\s*\{\s*useId\$1 as useId\s*\}/.test(source) &&
    source.includes('`mantine-${reactId.replace(/:/g, "")}`') &&
    source.includes('setUuid(randomId())')
  );
}

export function mantineStableIds(): Plugin {
  return {
    name: 'atlas-mantine-stable-ids',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0]!;
      if (!MANTINE_USE_ID_MODULE.test(file)) return null;
      const source = fs.readFileSync(file, 'utf8');
      if (!isReplaceableUseId(source))
        throw new Error(
          `${file} is not the useId this build replaces (scripts/mantine-stable-ids.ts): look at it again`,
        );
      return STABLE_USE_ID_SOURCE;
    },
  };
}

/**
 * Two of Mantine's modules as this app's build uses them (a Vite plugin of vite.config.ts); unit
 * tests run Mantine as it is. Each replacement first checks that the installed module still has
 * the shape it replaces: a Mantine upgrade that changes one stops the build, to be looked at again.
 *
 * - `useId` (@mantine/hooks) without its second render. Mantine's hook starts from React's `useId`
 *   and then, in a layout effect on mount, replaces it by a random id with `setState`. A state
 *   update in a layout effect is synchronous: React renders again before the browser paints and,
 *   to do so, first runs every effect still pending from the commit, all in the task that
 *   committed. Every Mantine input with a label, popover, tooltip and menu calls it. React's
 *   `useId` is unique within a root and this app has one root, so the build keeps Mantine's first
 *   id (the one it already uses for server rendering). See
 *   docs/decisions/2026-11-27-no-state-set-while-react-commits.md.
 * - The default theme's CSS variables computed when first needed, not when @mantine/core loads.
 *   `remove-default-variables.mjs` resolved every variable of the default theme (each colour's
 *   shades, darkened and made transparent) as the app's first script ran: ≈ 50 ms of the
 *   entry's evaluation on this machine, 200 ms on a phone profile. The app draws its theme's
 *   variables from a stylesheet (web/src/app/theme-variables.css, MantineProvider's
 *   `withCssVariables` off), so nothing needs them at all.
 */
import fs from 'node:fs';
import type { Plugin } from 'vite';

interface Patch {
  /** The module's path, as Vite loads it. */
  module: RegExp;
  /** The installed module is the one this patch was written for. */
  applies: (source: string) => boolean;
  patch: (source: string) => string;
}

/** What the useId module is replaced with: Mantine's first id, kept. A given `staticId` wins, as in Mantine's. */
export const STABLE_USE_ID_SOURCE = `import { useId as useReactId } from "react";
function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === "string" ? staticId : \`mantine-\${reactId.replace(/:/g, "")}\`;
}
export { useId };
`;

const EAGER_DEFAULTS = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';
const DEDUPLICATE = 'function removeDefaultVariables(input) {';

export const MANTINE_PATCHES = {
  useId: {
    module: /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/,
    applies: (source) =>
      /export\s*\{\s*useId\$1 as useId\s*\}/.test(source) &&
      source.includes('`mantine-${reactId.replace(/:/g, "")}`') &&
      source.includes('setUuid(randomId())'),
    patch: () => STABLE_USE_ID_SOURCE,
  },
  lazyDefaultVariables: {
    module:
      /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]remove-default-variables\.mjs$/,
    applies: (source) =>
      source.includes(EAGER_DEFAULTS) &&
      source.includes(DEDUPLICATE) &&
      source.split('defaultCssVariables.').length === 4,
    patch: (source) =>
      source
        .replace(EAGER_DEFAULTS, 'let defaultCssVariables;')
        .replace(
          DEDUPLICATE,
          `${DEDUPLICATE}\n\tdefaultCssVariables ??= defaultCssVariablesResolver(DEFAULT_THEME);`,
        ),
  },
} satisfies Record<string, Patch>;

export function mantinePatches(): Plugin {
  return {
    name: 'atlas-mantine-patches',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0]!;
      const patch = Object.values(MANTINE_PATCHES).find((p) => p.module.test(file));
      if (!patch) return null;
      const source = fs.readFileSync(file, 'utf8');
      if (!patch.applies(source))
        throw new Error(
          `${file} is not the module this build patches (scripts/mantine-patches.ts): look at it again`,
        );
      return patch.patch(source);
    },
  };
}

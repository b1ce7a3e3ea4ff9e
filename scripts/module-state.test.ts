import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { holdsModuleState, sourceHoldsModuleState } from './module-state.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const inModules = (file: string) => path.join(root, 'node_modules', file);

describe('sourceHoldsModuleState', () => {
  it.each([
    ['a top-level let', 'let loading: Promise<void> | null = null;\nexport function f() {}'],
    ['an exported let', 'export let current = 0;'],
    ['a Map made at load', 'const formatters = new Map<string, Intl.RelativeTimeFormat>();'],
    ['a typed Set made at load', 'const seen: Set<string> = new Set();'],
    ['a React context', 'export const CommentsContext = createContext<Value | null>(null);'],
    ['a context through React.', 'const Ctx = React.createContext(null);'],
    [
      "Mantine's safe context",
      "const [PopoverContextProvider, usePopoverContext] = createSafeContext(\n  'Popover component was not found in the tree'\n);",
    ],
    ['a store made at load', 'const notificationsStore = createNotificationsStore();'],
  ])('counts %s', (_what, source) => {
    expect(sourceHoldsModuleState(source)).toBe(true);
  });

  it.each([
    ['constants', "const COLORS = { info: 'blue' };\nexport const LIMIT = 3;"],
    [
      "a compiled library's var constants",
      "var classes = { root: 'm_1b7284a3' };\nexport { classes as default };",
    ],
    ['a let inside a function', 'export function f() {\n  let x = 0;\n  return ++x;\n}'],
    [
      'a context made inside a factory',
      'function createSafeContext(message) {\n  const Context = createContext(null);\n  return [Context.Provider];\n}',
    ],
    [
      'a store factory',
      'export function createStore(initial) {\n  let state = initial;\n  return { get: () => state };\n}',
    ],
  ])('does not count %s', (_what, source) => {
    expect(sourceHoldsModuleState(source)).toBe(false);
  });
});

describe('holdsModuleState', () => {
  it("finds Mantine's notifications store and a Mantine component's context, not its class names", () => {
    expect(holdsModuleState(inModules('@mantine/notifications/esm/notifications.store.mjs'))).toBe(true);
    expect(holdsModuleState(inModules('@mantine/core/esm/components/Popover/Popover.context.mjs'))).toBe(
      true,
    );
    expect(holdsModuleState(inModules('@mantine/core/esm/components/Paper/Paper.module.mjs'))).toBe(false);
  });

  it('reads the file of an id with a query, and answers false for a virtual module or a stylesheet', () => {
    expect(holdsModuleState(`${path.join(root, 'web/src/features/auth/lib/google-identity.ts')}?v=1`)).toBe(
      true,
    );
    expect(holdsModuleState('\0rolldown/runtime.js')).toBe(false);
    expect(holdsModuleState(path.join(root, 'web/src/app/app.css'))).toBe(false);
  });
});

/**
 * Which modules hold state for the page's life (vite.config.ts): rolldown copies small shared
 * chunks into each chunk that imports them (docs/decisions/2026-11-28-small-chunks-inlined.md),
 * and a module in two copies has two states. A store written through one copy and read through
 * the other loses its writes (Mantine's notifications store: a toast shown from a dialog's chunk
 * would never reach the stack), a context provided by one copy is missing for the other's
 * consumers. A chunk with such a module stays a file of its own.
 */
import fs from 'node:fs';

/**
 * Module-level state in a module's source, at the start of a line (not inside a function): a
 * `let`, a Map, Set or WeakMap, a store or a React context made when the module is evaluated
 * (React's createContext, Mantine's createSafeContext and createOptionalContext, whose provider
 * and consumers must come from one copy; a `create…Store()` call). A top-level `var` is not
 * counted: compiled libraries write their constants so (Mantine's class name maps).
 */
const DECLARED = String.raw`^(?:export\s+)?(?:const|let)\s+[\w$\[\]{},\s]+(?:\s*:[^=]+)?=\s*`;
const MODULE_STATE = [
  /^(?:export\s+)?let\s/m,
  new RegExp(`${DECLARED}new\\s+(?:Map|Set|WeakMap)\\b`, 'm'),
  new RegExp(`${DECLARED}(?:React\\.)?create(?:Safe|Optional)?Context\\b`, 'm'),
  new RegExp(`${DECLARED}create\\w*Store\\s*\\(`, 'm'),
];

/** True when `source` keeps state at module level (see MODULE_STATE). */
export function sourceHoldsModuleState(source: string): boolean {
  return MODULE_STATE.some((pattern) => pattern.test(source));
}

const SCRIPT = /\.(?:[cm]?[jt]sx?)$/;

/** True when the module `id` (a bundler module id: a path, maybe with a query) keeps state at module level. */
export function holdsModuleState(id: string): boolean {
  const file = id.split('?')[0] ?? id;
  if (!SCRIPT.test(file)) return false;
  let source: string;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch {
    // A virtual module (the bundler's own helpers): nothing on disk to read, no state of ours.
    return false;
  }
  return sourceHoldsModuleState(source);
}

/**
 * The endpoint descriptions as the web bundle gets them: method, path and auth as
 * written, the status codes of `responses` without their schemas, and `params`, `query` and `body`
 * without theirs. The web's api-client reads only those at run time (the schemas give it types,
 * which the compiler checks against the real files), so without this every screen downloaded zod
 * and the domain schemas of each endpoint it calls. Imports the descriptions no longer use are
 * dropped, so their modules leave the bundle when nothing else imports them.
 *
 * Used by vite.config.ts on domain/endpoints/*.ts (but index.ts) in the web build only: the server and the
 * tests (vitest) load the real descriptions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync, type Plugin } from 'vite';

/**
 * A feature's descriptions, and define.ts (whose defineEndpoint adds the standard problems'
 * schema); index.ts (the server's list of them all) stays as it is.
 */
export const ENDPOINT_FILE = /[\\/]domain[\\/]endpoints[\\/](?!index\.ts$)[\w-]+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

interface Edit {
  start: number;
  end: number;
  text: string;
}

function applyEdits(code: string, edits: Edit[]): string {
  let out = code;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

/** Keys under which an AST holds types or names, never a run-time value to strip. */
const NOT_VALUES = new Set(['typeAnnotation', 'typeArguments', 'typeParameters', 'returnType', 'key', 'id']);

/** A schema: `z…` or `somethingSchema…` (a name, a call or a member chain rooted there). */
function isSchema(node: Node): boolean {
  let root: Node = node;
  for (;;) {
    if (root.type === 'CallExpression') root = root.callee as Node;
    else if (root.type === 'MemberExpression') root = root.object as Node;
    else break;
  }
  const name = (root as Node & { name?: string }).name;
  return root.type === 'Identifier' && (name === 'z' || /Schema$/.test(name ?? ''));
}

/**
 * The web's copy of one endpoints file: every schema in it (an expression rooted at `z` or at a
 * name ending in `Schema`) becomes `true`, so the descriptions keep their method, path, auth,
 * which of params, query and body they have and their responses' status codes. Value imports
 * left unused are removed.
 */
export function stripEndpointSchemas(code: string, filename = 'endpoints.ts'): string {
  const { program, errors } = parseSync(filename, code, { lang: 'ts', sourceType: 'module' });
  if (errors.length > 0) throw new Error(`${filename}: ${errors[0]!.message}`);
  const edits: Edit[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!isNode(node) || node.type.startsWith('Import') || node.type.startsWith('TSType')) return;
    if (node.type === 'TSInterfaceDeclaration' || node.type === 'TSTypeAliasDeclaration') return;
    if (isSchema(node)) {
      edits.push({ start: node.start, end: node.end, text: 'true' });
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (!NOT_VALUES.has(key) && typeof value === 'object') visit(value);
    }
  };
  visit(program);
  return dropUnusedImports(applyEdits(code, edits), filename);
}

/** Removes value imports whose names the code no longer mentions (a whole declaration when none is left). */
function dropUnusedImports(code: string, filename: string): string {
  const { program } = parseSync(filename, code, { lang: 'ts', sourceType: 'module' });
  const declarations = (program.body as unknown as Node[]).filter((n) => n.type === 'ImportDeclaration');
  // Names the code reads at run time: identifiers outside imports, types and comments.
  const names = new Set<string>();
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(collect);
      return;
    }
    if (!isNode(node) || node.type.startsWith('Import') || node.type.startsWith('TSType')) return;
    if (node.type === 'TSInterfaceDeclaration' || node.type === 'TSTypeAliasDeclaration') return;
    if (node.type === 'Identifier') names.add((node as Node & { name: string }).name);
    for (const [key, value] of Object.entries(node)) {
      if (!NOT_VALUES.has(key) && typeof value === 'object') collect(value);
    }
  };
  collect(program);
  const used = (name: string) => names.has(name);
  const edits: Edit[] = [];
  for (const declaration of declarations) {
    const specifiers = declaration.specifiers as Node[];
    if (specifiers.length === 0 || declaration.importKind === 'type') continue;
    const kept = specifiers.filter(
      (s) => s.importKind === 'type' || used((s.local as { name: string }).name),
    );
    if (kept.length === specifiers.length) continue;
    const onlyTypes = kept.every((s) => s.importKind === 'type');
    if (kept.length === 0 || onlyTypes) {
      // Type-only leftovers are erased by the TypeScript transform anyway.
      edits.push({ start: declaration.start, end: declaration.end, text: '' });
      continue;
    }
    const source = (declaration.source as Node).raw as string;
    const names = kept.map((s) => code.slice(s.start, s.end));
    const defaults = kept[0]!.type === 'ImportDefaultSpecifier' ? `${names.shift()}` : '';
    const named = names.length ? `{ ${names.join(', ')} }` : '';
    edits.push({
      start: declaration.start,
      end: declaration.end,
      text: `import ${[defaults, named].filter(Boolean).join(', ')} from ${source};`,
    });
  }
  return applyEdits(code, edits);
}

/** The Vite plugin: web builds only (`apply: 'build'`), before the TypeScript transform. */
export function webEndpoints(): Plugin {
  return {
    name: 'atlas-web-endpoints',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!ENDPOINT_FILE.test(id.split('?')[0]!)) return null;
      return { code: stripEndpointSchemas(code, id), map: null };
    },
  };
}

/**
 * Names whose calls only build zod schemas, for the bundler's `manualPureFunctions`: `z`, and the
 * schemas and schema factories of domain/*.ts (`…Schema`, `…Param`, the text and year fields).
 * A web module that imports a constant from a schema module (BUILDING_NAME_MAX) then downloads
 * the constant, not the module's schemas and zod. domain/ has no top-level side effects.
 */
export function domainSchemaBuilders(
  domainDir = fileURLToPath(new URL('../domain', import.meta.url)),
): string[] {
  const names = new Set(['z']);
  for (const file of fs.readdirSync(domainDir)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const code = fs.readFileSync(path.join(domainDir, file), 'utf8');
    for (const [, name] of code.matchAll(/^(?:export )?(?:const|function) (\w+)/gm)) {
      if (/(?:Schema|Param|Text|Input|Array|Filter)$/.test(name!)) names.add(name!);
    }
  }
  return [...names].sort();
}

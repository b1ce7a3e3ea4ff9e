/**
 * Import cycles in server/, domain/ and web/src, type-only imports included: at run time a cycle
 * makes the load order decide which module sees the other half-initialised, and a cycle through
 * types alone still ties two modules together (neither can move, or be read, without the other).
 * Reads each file's static imports and re-exports (`import type` and `export type` too) and the
 * `import('…')` of type positions with the TypeScript parser. A dynamic `import()` call is lazy and
 * left out: it is how the app splits its code, and cannot see a half-loaded module.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx)$/;
const ALIASES: Record<string, string> = { '#domain/': 'domain/', '#server/': 'server/' };

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolve(root: string, from: string, specifier: string): string | undefined {
  let base: string | undefined;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  for (const [alias, dir] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) base = path.join(root, dir, specifier.slice(alias.length));
  }
  if (!base) return undefined; // a package
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (SOURCE.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile())
      return candidate;
  }
  return undefined;
}

/** The modules a file depends on: its static imports and re-exports, types included. */
export function staticImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier
    ) {
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    }
  }
  // `import('…')` in a type; only files that spell `import(` at all are walked for it.
  if (text.includes('import(')) {
    const visit = (node: ts.Node): void => {
      if (ts.isImportTypeNode(node)) {
        const argument = node.argument;
        if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal))
          specifiers.push(argument.literal.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return specifiers;
}

/** The import graph of `dirs` (relative to `root`): file → files it imports, paths relative to `root`. */
export function importGraph(root: string, dirs: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((d) => sourceFiles(path.join(root, d)))) {
    const targets = staticImports(file)
      .map((s) => resolve(root, file, s))
      .filter((t): t is string => t !== undefined)
      .map((t) => path.relative(root, t));
    graph.set(path.relative(root, file), [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle's modules (strongly connected components of more than one file, or a file importing itself). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative so deep graphs cannot overflow the stack.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || edges.includes(frame.node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

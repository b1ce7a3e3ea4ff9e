/**
 * `/api` path literals outside the endpoint description: every API path is
 * written once, in domain/endpoints, and the server and the web build theirs from it. Reads each
 * production source file's string and template literals with the TypeScript parser (comments do
 * not count) and reports those that spell an `/api` path: '/api', '/api/…', `/api/${…}`.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx)$/;
/** Test code and test support may spell paths out: a test reads better with the literal URL. */
const NOT_PRODUCTION = /(\.test\.tsx?|\.pg-test\.ts|\.fault\.ts|\.e2e\.ts|test-support\.ts|\.d\.ts)$/;
const TEST_DIRS = ['server/test/', 'server/faults/', 'web/src/testing/'];
/** The description itself. */
const DESCRIPTION_DIR = 'domain/endpoints/';
/** '/api' alone, or followed by '/', or at the end of the literal's text. */
const API_PATH = /(^|[^\w.-])\/api(\/|$)/;

export interface ApiPathLiteral {
  file: string;
  line: number;
  text: string;
}

function sourceFiles(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(root, rel);
    return SOURCE.test(entry.name) ? [rel] : [];
  });
}

export function isProductionSource(rel: string): boolean {
  if (NOT_PRODUCTION.test(rel) || rel.startsWith(DESCRIPTION_DIR)) return false;
  return !TEST_DIRS.some((dir) => rel.startsWith(dir));
}

/** The `/api` path literals of one file's text. */
export function apiPathLiterals(file: string, text: string): ApiPathLiteral[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: ApiPathLiteral[] = [];
  const check = (node: ts.Node, literal: string) => {
    // Markdown prose (a setting's README text) names routes in backticks for readers: not a call.
    if (!API_PATH.test(literal) || literal.includes('`')) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push({ file, line, text: literal });
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node)) check(node, node.text);
    else if (ts.isTemplateExpression(node)) {
      check(node, [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('${}'));
    } else if (ts.isRegularExpressionLiteral(node)) check(node, node.text.replaceAll('\\/', '/'));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every `/api` path literal of the production sources under `dirs`. */
export function apiPathLiteralsIn(root: string, dirs: string[]): ApiPathLiteral[] {
  return dirs
    .flatMap((dir) => sourceFiles(root, dir))
    .filter(isProductionSource)
    .flatMap((rel) => apiPathLiterals(rel, fs.readFileSync(path.join(root, rel), 'utf8')));
}

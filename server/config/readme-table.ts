/**
 * README.md's configuration table, made from the areas' declarations: one row per variable (or
 * per run of variables that share one declaration, like the AWS credentials), in area order.
 * `npm run config:readme` writes it into README.md; readme-table.test.ts fails when README.md
 * says something else.
 */
import type { z } from 'zod';
import { configAreas } from '../config.ts';
import { settingDocs, type SettingDoc } from './setting.ts';

/** The markers around the generated table in README.md. */
export const TABLE_START =
  '<!-- configuration table: written by `npm run config:readme` from server/config/ -->';
export const TABLE_END = '<!-- end of the configuration table -->';

export interface DeclaredVariable {
  name: string;
  /** The declaration: the same object for variables declared together. */
  schema: object;
  doc: SettingDoc;
}

/** Every variable the areas declare as their own, in order, with its documentation. */
export function declaredVariables(): DeclaredVariable[] {
  // Each area's own variables, widened from its precise shape to what every area has in common.
  const shapes: z.ZodRawShape[] = configAreas.map((a) => a.variables);
  return shapes.flatMap((variables) =>
    Object.entries(variables).map(([name, schema]) => {
      const doc = settingDocs.get(schema);
      if (!doc) throw new Error(`${name}: declare it with setting() (server/config/setting.ts)`);
      return { name, schema, doc };
    }),
  );
}

/** The "default" cell: what the README shows, else the default in backticks, else unset. */
export const defaultCell = (doc: SettingDoc) =>
  doc.shown ?? (doc.default === undefined ? 'unset' : `\`${doc.default}\``);

/** The table's rows (variable, default, meaning), without the header. */
export function configTableRows(): [string, string, string][] {
  const rows: { schema: object; names: string[]; doc: SettingDoc }[] = [];
  for (const v of declaredVariables()) {
    if (v.doc.buildTime) continue;
    const last = rows.at(-1);
    if (last?.schema === v.schema) last.names.push(v.name);
    else rows.push({ schema: v.schema, names: [v.name], doc: v.doc });
  }
  return rows.map(({ names, doc }) => {
    const cells: [string, string, string] = [
      names.map((n) => `\`${n}\``).join(', '),
      defaultCell(doc),
      doc.text,
    ];
    if (cells.some((c) => c.includes('|')))
      throw new Error(`${names.join(', ')}: a table cell cannot hold "|"`);
    return cells;
  });
}

/** The table as markdown, between its markers. */
export function configTable(): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    TABLE_START,
    line(['variable', 'default', 'meaning']),
    line(['---', '---', '---']),
    ...configTableRows().map(line),
    TABLE_END,
  ].join('\n');
}

/** `readme` with its configuration table replaced by `configTable()`. */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${TABLE_START} … ${TABLE_END}`);
  return readme.slice(0, start) + configTable() + readme.slice(end + TABLE_END.length);
}

/** The rows of the table between the markers in `readme`, cells trimmed (Prettier may pad them). */
export function readmeTableRows(readme: string): string[][] {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) return [];
  return readme
    .slice(start + TABLE_START.length, end)
    .split('\n')
    .filter((l) => l.trim().startsWith('|'))
    .slice(2) // header and separator
    .map((l) =>
      l
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((c) => c.trim()),
    );
}

/**
 * One environment variable, declared once: how its text is parsed, its default as it would be
 * written in the environment, and its row of README.md's configuration table. An area
 * (`area()`) groups the variables of one part of the server with the mapping to its part of the
 * configuration. How to add a setting: README.md in this folder.
 */
import { z } from 'zod';

/** What README.md's configuration table says about a variable. */
export interface SettingDoc {
  /** The "meaning" cell (markdown); also the schema's `.describe()` text. */
  text: string;
  /**
   * The default as written in the environment (`PORT=3000`); used, and parsed by the same
   * schema, when the variable is unset or empty. example.env shows it (a test checks).
   */
  default?: string;
  /** The "default" cell when it says more than the default in backticks (derived, or with units). */
  shown?: string;
  /** Documented in README.md's build-time table instead (a VITE_ variable the server also reads). */
  buildTime?: true;
}

/** Every declared variable's documentation, by its schema (the same instance wherever it is read). */
export const settingDocs = z.registry<SettingDoc>();

const unsetWhenEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A variable: `schema` parses its text; empty counts as unset; unset takes `doc.default`. */
export function setting<T extends z.ZodType>(schema: T, doc: SettingDoc) {
  const parsed = z.preprocess((v) => unsetWhenEmpty(v) ?? doc.default, schema).describe(doc.text);
  settingDocs.add(parsed, doc);
  return parsed;
}

/** An area: its own variables, the ones of other areas it reads too, and what it makes of them. */
export interface Area<Own extends z.ZodRawShape, Out> {
  /** The variables this area declares. */
  variables: Own;
  /** Variables of other areas it reads too (their declarations, not copies). */
  reads: z.ZodRawShape;
  schema: z.ZodType<Out>;
}

/**
 * One part of the configuration. `map` turns the parsed variables into the area's part of the
 * `Config`; it reports a rule across variables with `refuse`.
 */
export function area<Own extends z.ZodRawShape, Read extends z.ZodRawShape, Out>(
  own: Own,
  read: Read,
  map: (e: z.output<z.ZodObject<Read & Own>>, ctx: z.RefinementCtx) => Out,
): Area<Own, Out> {
  const schema = z.object({ ...read, ...own }).transform((e, ctx) => map(e, ctx));
  return { variables: own, reads: read, schema };
}

/** Reports `message` against `variable` from an area's `map`; the result is discarded. */
export function refuse(ctx: z.RefinementCtx, variable: string, message: string): never {
  ctx.addIssue({ code: 'custom', path: [variable], message });
  return z.NEVER;
}

// Parsers shared by the areas.

/** An integer from `min` to `max`. */
export const integer = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

export const text = z.string().min(1);

/** `true`/`false` (or `1`/`0`). */
export const flag = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

/** A fixed set of words, with a message that lists them. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    message: `must be ${values.length === 2 ? values.join(' or ') : `one of ${values.join(', ')}`}`,
  });

/** A comma-separated list; blanks between commas are dropped. */
export const commaList = z.string().transform((s) =>
  s
    .split(',')
    .map((i) => i.trim())
    .filter(Boolean),
);

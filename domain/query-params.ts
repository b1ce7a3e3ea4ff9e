import { z } from 'zod';
import { PER_PAGE_MAX } from './constants.ts';

/** Largest id a PostgreSQL `integer` column holds. */
export const ID_MAX = 2147483647;

/**
 * Query-string number: the raw text must be a plain decimal number. Unlike z.coerce it refuses
 * '' and 'abc' instead of turning them into 0 or NaN.
 */
export function numberParam(label: string) {
  return z
    .string()
    .trim()
    .regex(/^[+-]?(\d+(\.\d*)?|\.\d+)$/, `${label} must be a number`)
    .transform(Number)
    .pipe(z.number().finite());
}

export function integerParam(label: string) {
  return z
    .string()
    .trim()
    .regex(/^[+-]?\d+$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().safe());
}

/**
 * A yes/no switch of a query: the text 'true' or 'false' (as queryString writes a boolean);
 * anything else is refused rather than read as false.
 */
export function flagParam(label: string) {
  return z
    .enum(['true', 'false'], { error: `${label} must be true or false` })
    .transform((v) => v === 'true');
}

/** Comma-joined list of positive integer ids, e.g. '3,7,12'. Empty parts are refused. */
export function idListParam(label: string) {
  return z
    .string()
    .trim()
    .regex(/^\d+(,\d+)*$/, `${label} must be comma-joined ids`)
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(
      z
        .array(z.number().int().positive().max(ID_MAX, `${label} holds an id that is too large`))
        .max(200, `${label} holds too many ids`),
    );
}

/** A path id: a positive whole number that fits an `integer` column. */
export function idParam(label: string) {
  return integerParam(label).pipe(
    z
      .number()
      .int()
      .positive(`${label} must be a positive whole number`)
      .max(ID_MAX, `${label} is too large`),
  );
}

/**
 * `page` (from 1) and `per_page` (1 to PER_PAGE_MAX, `perPageDefault` when left out) of a paged
 * list, for spreading into its query schema. It only builds schemas: marked so, a web module that
 * imports a constant from a schema module using it does not download the schemas and zod.
 */
/*#__NO_SIDE_EFFECTS__*/
export function pagingParams(perPageDefault: number) {
  return {
    page: integerParam('page')
      .pipe(z.number().min(1, 'page must be 1 or more').max(1_000_000, 'page is too large'))
      .optional()
      .default(1),
    per_page: integerParam('per_page')
      .pipe(
        z
          .number()
          .min(1, `per_page must be between 1 and ${PER_PAGE_MAX}`)
          .max(PER_PAGE_MAX, `per_page must be between 1 and ${PER_PAGE_MAX}`),
      )
      .optional()
      .default(perPageDefault),
  };
}

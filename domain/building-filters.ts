/** Filters shared by the map, the card list and the export: viewport, years, styles, a year in time, photos. */
import { z } from 'zod';
import { flagParam, idListParam, integerParam, numberParam } from './query-params.ts';
import { currentYear, YEAR_MIN } from './constants.ts';

const lat = (label: string) =>
  numberParam(label).pipe(
    z.number().min(-90, `${label} must be between -90 and 90`).max(90, `${label} must be between -90 and 90`),
  );
// Longitudes may come unwrapped from a panned map (e.g. east 200); one extra turn either side is accepted.
const lng = (label: string) =>
  numberParam(label).pipe(
    z
      .number()
      .min(-540, `${label} must be between -540 and 540`)
      .max(540, `${label} must be between -540 and 540`),
  );
const year = (label: string) =>
  integerParam(label).pipe(
    z
      .number()
      .min(YEAR_MIN, `${label} must be a year from ${YEAR_MIN}`)
      .max(9999, `${label} must be a year up to 9999`),
  );

/** A year as the catalogue-through-time filter takes it: -10000 to the current year (at parsing). */
const standingYear = (label: string) =>
  integerParam(label).pipe(
    z.number().superRefine((v, ctx) => {
      const max = currentYear();
      if (v < YEAR_MIN || v > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a year from ${YEAR_MIN} to ${max}` });
      }
    }),
  );

/**
 * A building stands in `year` when it was built in or before it (or its year built is unknown)
 * and was not demolished by then (demolished after it, or never). The SQL twin is in
 * server/modules/buildings/buildings.queries.ts.
 */
export function standsInYear(
  b: { year_built: number | null; year_demolished: number | null },
  year: number,
): boolean {
  return (
    (b.year_built === null || b.year_built <= year) &&
    (b.year_demolished === null || b.year_demolished > year)
  );
}

/** Filters shared by the map, the card list and the export; every parameter is optional. */
export const buildingFiltersShape = {
  north: lat('north').optional(),
  south: lat('south').optional(),
  east: lng('east').optional(),
  west: lng('west').optional(),
  builtAfterDate: year('builtAfterDate').optional().describe('Earliest year built (inclusive)'),
  builtBeforeDate: year('builtBeforeDate').optional().describe('Latest year built (inclusive)'),
  archStyles: idListParam('archStyles')
    .optional()
    .describe('Comma-joined architectural style ids; a building matches any'),
  standingInYear: standingYear('standingInYear')
    .optional()
    .describe(
      'The catalogue as of a year (-10000 to now): built in or before it (or year unknown), demolished after it or never',
    ),
  needsPhotos: flagParam('needsPhotos')
    .optional()
    .describe(
      'true: only buildings with no visible image (none ready, or every ready one hidden by moderators)',
    ),
};

/** The viewport's edges come together, north above south, east and west within two turns. */
export function checkViewport(
  q: { north?: number; south?: number; east?: number; west?: number },
  ctx: z.RefinementCtx,
) {
  const edges = [q.north, q.south, q.east, q.west].filter((v) => v !== undefined).length;
  if (edges !== 0 && edges !== 4) {
    ctx.addIssue({
      code: 'custom',
      path: ['north'],
      message: 'north, south, east and west must be given together',
    });
  }
  if (q.north !== undefined && q.south !== undefined && q.north < q.south) {
    ctx.addIssue({ code: 'custom', path: ['north'], message: 'north must not be below south' });
  }
  if (q.east !== undefined && q.west !== undefined && q.east - q.west > 720) {
    ctx.addIssue({ code: 'custom', path: ['east'], message: 'east and west are too far apart' });
  }
}

export const buildingFiltersQuerySchema = z.object(buildingFiltersShape).superRefine(checkViewport);

export type BuildingFiltersQuery = z.infer<typeof buildingFiltersQuerySchema>;

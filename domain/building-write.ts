/**
 * Creating and editing a building (product §3 and §5): the payload of POST and PUT
 * /api/buildings, its messages and limits, and the duplicate rule.
 */
import { z } from 'zod';
import { foldName } from './name-fold.ts';
import { ID_MAX } from './query-params.ts';
import { architectNamesSchema } from './architects.ts';
import { currentYear, YEAR_MIN } from './constants.ts';
import { problemSchema } from './problem.ts';
import { COORDINATE_MESSAGES, coordinatesInputSchema } from './coordinates.ts';

/**
 * Product §5 messages of the building payload: the server answers them and the web's building
 * forms (edit form, Create Building wizard) show them, both from the schemas below.
 */
export const BUILDING_MESSAGES = {
  nameRequired: 'Name is required',
  ...COORDINATE_MESSAGES,
  demolishedBeforeBuilt: 'Year demolished cannot be before year built',
  stylesRequired: 'Please select at least one architectural style',
  line1Required: 'Address line 1 is required',
} as const;

export const BUILDING_NAME_MAX = 200;
export const BUILDING_DESCRIPTION_MAX = 5000;
export const BUILDING_STYLES_MAX = 20;
/** Two buildings closer than this whose normalised names match are the same building. */
export const DUPLICATE_DISTANCE_M = 50;

/**
 * A name as the duplicate rule compares it: lowercased, accents folded, every run of punctuation
 * and whitespace turned into one space, trimmed ('Notre-Dame  de Paris!' -> 'notre dame de paris').
 */
export function normalizeBuildingName(name: string): string {
  return foldName(name);
}

/** Optional text: trimmed, and null when empty (product §5: description is null if empty). */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} can have at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * A year built or demolished: a whole number from -10000 to the current year (of `now`, for
 * tests; the moment of parsing otherwise), or null.
 */
export const buildingYearSchema = (label: string, now?: Date) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .nullish()
    .transform((v) => v ?? null)
    .superRefine((v, ctx) => {
      const max = currentYear(now);
      if (v !== null && (v < YEAR_MIN || v > max)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be between ${YEAR_MIN} and ${max}` });
      }
    });

const yearInput = (label: string) => buildingYearSchema(label);

export const addressInputSchema = z
  .object(
    {
      line1: optionalText('Address line 1', 200),
      line2: optionalText('Address line 2', 200),
      line3: optionalText('Address line 3', 200),
      city: optionalText('City', 100),
      state: optionalText('State', 100),
      postal_code: optionalText('Postal code', 20),
      country_code: z
        .string({ error: 'Country must be a two-letter ISO code' })
        .trim()
        .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter ISO code')
        .transform((c) => c.toUpperCase())
        .nullish()
        .transform((c) => c ?? 'US'),
    },
    { error: BUILDING_MESSAGES.line1Required },
  )
  .superRefine((a, ctx) => {
    if (!a.line1) ctx.addIssue({ code: 'custom', path: ['line1'], message: BUILDING_MESSAGES.line1Required });
  })
  .meta({ id: 'AddressInput' });

export type AddressInput = z.infer<typeof addressInputSchema>;

/** A building's name: trimmed, 1 to 200 characters. */
export const buildingNameSchema = z
  .string({ error: BUILDING_MESSAGES.nameRequired })
  .trim()
  .min(1, BUILDING_MESSAGES.nameRequired)
  .max(BUILDING_NAME_MAX, `Name can have at most ${BUILDING_NAME_MAX} characters`);

const buildingFields = {
  name: buildingNameSchema,
  place_id: optionalText('place_id', 300),
  year_built: yearInput('Year built'),
  year_demolished: yearInput('Year demolished'),
  description: optionalText('Description', BUILDING_DESCRIPTION_MAX),
  coordinates: coordinatesInputSchema,
  architectural_styles: z
    .array(
      z
        .number({ error: 'Architectural styles must be style ids' })
        .int('Architectural styles must be style ids')
        .positive('Architectural styles must be style ids')
        .max(ID_MAX, 'Architectural styles must be style ids'),
      { error: BUILDING_MESSAGES.stylesRequired },
    )
    .min(1, BUILDING_MESSAGES.stylesRequired)
    .max(BUILDING_STYLES_MAX, `A building can have at most ${BUILDING_STYLES_MAX} architectural styles`)
    .transform((ids) => [...new Set(ids)]),
  /** Names; left out on an edit, the building keeps its architects. */
  architects: architectNamesSchema.optional(),
};

function checkYears(b: { year_built: number | null; year_demolished: number | null }, ctx: z.RefinementCtx) {
  if (b.year_built !== null && b.year_demolished !== null && b.year_demolished < b.year_built) {
    ctx.addIssue({
      code: 'custom',
      path: ['year_demolished'],
      message: BUILDING_MESSAGES.demolishedBeforeBuilt,
    });
  }
}

/**
 * Year built and year demolished together (product §5): each in range, and demolished not before
 * built; `now` fixes the current year for tests.
 */
export const buildingYearsSchema = (now?: Date) =>
  z
    .object({
      year_built: buildingYearSchema('Year built', now),
      year_demolished: buildingYearSchema('Year demolished', now),
    })
    .superRefine(checkYears);

/** POST /api/buildings/ body: the building payload of product §3. */
export const createBuildingBodySchema = z
  .object({ ...buildingFields, address: addressInputSchema })
  .superRefine(checkYears)
  .meta({ id: 'CreateBuildingBody' });

export type CreateBuildingBody = z.infer<typeof createBuildingBodySchema>;

/** PUT /api/buildings/{id} body: the payload plus the id; an address left out stays as it is. */
export const updateBuildingBodySchema = z
  .object({
    ...buildingFields,
    id: z.number({ error: 'id must be the building id' }).int('id must be the building id'),
    address: addressInputSchema.optional(),
  })
  .superRefine(checkYears)
  .meta({ id: 'UpdateBuildingBody' });

export type UpdateBuildingBody = z.infer<typeof updateBuildingBodySchema>;

export const buildingWriteResponseSchema = z
  .object({ building: z.object({ id: z.number().int() }) })
  .meta({ id: 'BuildingWriteResponse' });

/** 409 of POST/PUT: the building that already exists (product §8: the client redirects to it). */
export const duplicateBuildingProblemSchema = problemSchema
  .extend({ building_id: z.number().int() })
  .meta({ id: 'DuplicateBuildingProblem' });

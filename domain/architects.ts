/** Architects: people and firms linked to the buildings they designed. */
import { z } from 'zod';
import { foldName } from './name-fold.ts';
import { idParam, pagingParams } from './query-params.ts';

export const ARCHITECT_NAME_MAX = 120;
export const ARCHITECTS_PER_BUILDING_MAX = 10;
/** Works on one page of an architect's page (GET /api/architects/{id}?page=). */
export const ARCHITECT_WORKS_PER_PAGE = 24;

/**
 * A name as architects are matched: lowercase, accents folded, every run of anything but letters
 * and digits one space, trimmed. The database computes the same key (atlas_search_norm) and keeps
 * one architect per key; this one only drops duplicates from a payload before it gets there.
 */
export function architectNameKey(name: string): string {
  return foldName(name);
}

const architectNameSchema = z
  .string({ error: 'Architect names must be text' })
  .trim()
  .max(ARCHITECT_NAME_MAX, `An architect's name can have at most ${ARCHITECT_NAME_MAX} characters`)
  // A letter or a digit 0-9 of any script (\p{Nd}), as the database's key (atlas_search_norm)
  // keeps them: other number signs (superscripts ⁰ ², circled ①) fold to nothing there, and a
  // name of only those would have an empty key, which the database refuses.
  .refine((s) => s === '' || /[\p{L}\p{Nd}]/u.test(s), {
    message: "An architect's name needs a letter or a digit (superscript and circled numbers do not count)",
  });

/**
 * The building payload's `architects`: names in the order given; blank names and repeats (the same
 * name ignoring case, accents and punctuation) are dropped; at most 10 remain.
 */
export const architectNamesSchema = z
  .array(architectNameSchema, { error: 'Architects must be a list of names' })
  .max(50, `A building can have at most ${ARCHITECTS_PER_BUILDING_MAX} architects`)
  .transform((names) => {
    const seen = new Set<string>();
    const kept: string[] = [];
    for (const name of names) {
      const key = architectNameKey(name);
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      kept.push(name);
    }
    return kept;
  })
  .refine((names) => names.length <= ARCHITECTS_PER_BUILDING_MAX, {
    message: `A building can have at most ${ARCHITECTS_PER_BUILDING_MAX} architects`,
  });

export const architectRefSchema = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: 'ArchitectRef' });

export type ArchitectRef = z.infer<typeof architectRefSchema>;

export const architectIdParamsSchema = z.object({ id: idParam('id') });

/** GET /api/architects/{id}?page=&per_page=: a page of the architect's works. */
export const architectDetailQuerySchema = z.object({ ...pagingParams(ARCHITECT_WORKS_PER_PAGE) });

/**
 * GET /api/architects/{id}: the architect and one page of their visible works, in the order that
 * keeps one user's many additions from pushing everyone else's off the first page: most net votes
 * first; among works with as many votes, each adder's works taking turns (every adder's oldest
 * before anyone's second); then the oldest, then by id.
 */
export const architectDetailSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    total: z.number().int().describe('Visible works in all'),
    page: z.number().int(),
    per_page: z.number().int(),
    pages: z.number().int(),
    buildings: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        year_built: z.number().int().nullable(),
        coordinates: z.tuple([z.number(), z.number()]).describe('[longitude, latitude]'),
        cover_image: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'ArchitectDetail' });

export type ArchitectDetail = z.infer<typeof architectDetailSchema>;

/** GET /api/architects?q=: names for the building form's suggestions. */
export const architectSuggestQuerySchema = z.object({
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(100, 'q can have at most 100 characters')
    .optional()
    .transform((q) => q ?? ''),
});

export const architectSuggestionsSchema = z
  .object({ items: z.array(architectRefSchema) })
  .meta({ id: 'ArchitectSuggestions' });

export type ArchitectSuggestions = z.infer<typeof architectSuggestionsSchema>;

const renamedNameSchema = z
  .string({ error: 'name must be text' })
  .trim()
  .min(1, 'name is required')
  .max(ARCHITECT_NAME_MAX, `An architect's name can have at most ${ARCHITECT_NAME_MAX} characters`)
  .refine((s) => /[\p{L}\p{Nd}]/u.test(s), {
    message: "An architect's name needs a letter or a digit (superscript and circled numbers do not count)",
  });

/** PATCH /api/architects/{id} (moderators and admins): the displayed name. */
export const architectRenameBodySchema = z.object({ name: renamedNameSchema }).strict();

/** GET /api/architects/{id}/revisions: renames, newest first (the shape of a building's revisions). */
export const architectRevisionSchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    author: z.object({ handle: z.string() }).nullable().describe('null when the account is gone'),
    changes: z.object({ name: z.object({ from: z.string(), to: z.string() }) }),
  })
  .meta({ id: 'ArchitectRevision' });
export type ArchitectRevision = z.infer<typeof architectRevisionSchema>;

export const architectRevisionsSchema = z
  .object({ items: z.array(architectRevisionSchema) })
  .meta({ id: 'ArchitectRevisions' });

/** POST /api/moderation/architects/{id}/merge: the architect whose record stays. */
export const architectMergeBodySchema = z
  .object({
    into: z.number({ error: 'into must be an architect id' }).int().positive().max(2147483647),
  })
  .strict();

export const architectMergeResponseSchema = z
  .object({
    id: z.number().int().describe('The architect that stays'),
    merged: z.number().int().describe('The merged architect (its pages now redirect)'),
    moved: z.number().int().describe('Buildings moved over (those already linked to both count once)'),
  })
  .meta({ id: 'ArchitectMerged' });
export type ArchitectMerged = z.infer<typeof architectMergeResponseSchema>;

/**
 * Building revisions and suggestions: the payloads of /api/buildings/{id}/revisions and
 * /api/buildings/{id}/suggestions (docs/api.md, 'Revisions and suggestions').
 */
import { z } from 'zod';
import { createBuildingBodySchema } from './building-write.ts';
import { idParam, pagingParams } from './query-params.ts';
import { problemSchema } from './problem.ts';
import {
  REVISION_KINDS,
  REVISIONS_PER_PAGE_DEFAULT,
  SUGGESTION_NOTE_MAX,
  SUGGESTION_STATUSES,
} from './revision-terms.ts';

const fields = createBuildingBodySchema.shape;

/**
 * POST /api/buildings/{id}/suggestions: the building payload's fields that change, each as the
 * payload takes it (left out: unchanged), and an optional note to the reviewer.
 */
export const suggestionBodySchema = z
  .object({
    name: fields.name.optional(),
    year_built: fields.year_built.optional(),
    year_demolished: fields.year_demolished.optional(),
    description: fields.description.optional(),
    coordinates: fields.coordinates.optional(),
    architectural_styles: fields.architectural_styles.optional(),
    architects: fields.architects,
    address: fields.address.optional(),
    note: z
      .string({ error: 'note must be text' })
      .trim()
      .max(SUGGESTION_NOTE_MAX, `note must be at most ${SUGGESTION_NOTE_MAX} characters`)
      .optional(),
  })
  .meta({ id: 'SuggestionBody' });
/** As sent: a field left out is unchanged; year_built, year_demolished and description may be null. */
export type SuggestionBodyInput = z.input<typeof suggestionBodySchema>;
export type SuggestionBody = z.output<typeof suggestionBodySchema>;

export const fieldChangesSchema = z
  .record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }))
  .describe(
    'Each changed field with its value before and after: name, year_built, year_demolished, description, ' +
      'coordinates ([lng, lat]), architectural_styles ([{id, name}]), architects (names), address',
  );

const authorSchema = z.object({ handle: z.string() }).nullable().describe('Null once the account is gone');

export const revisionSchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    kind: z.enum(REVISION_KINDS),
    author: authorSchema,
    changes: fieldChangesSchema,
  })
  .meta({ id: 'BuildingRevision' });
export type BuildingRevision = z.infer<typeof revisionSchema>;

const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    per_page: z.number().int(),
    has_more: z.boolean(),
  });

export const revisionListSchema = paged(revisionSchema).meta({ id: 'BuildingRevisionList' });
export type BuildingRevisionList = z.infer<typeof revisionListSchema>;

export const revisionListQuerySchema = z.object({ ...pagingParams(REVISIONS_PER_PAGE_DEFAULT) });

export const revisionParamsSchema = z.object({ id: idParam('id'), rid: idParam('rid') });
export const suggestionParamsSchema = z.object({ id: idParam('id'), sid: idParam('sid') });

export const revertResponseSchema = z
  .object({ revision: z.object({ id: z.number().int() }) })
  .meta({ id: 'RevertResult' });

export const suggestionCreatedSchema = z
  .object({ id: z.number().int(), status: z.literal('pending') })
  .meta({ id: 'SuggestionCreated' });

export const suggestionSchema = z
  .object({
    id: z.number().int(),
    building: z.object({ id: z.number().int(), name: z.string() }),
    status: z.enum(SUGGESTION_STATUSES),
    created_at: z.string(),
    author: authorSchema,
    changes: fieldChangesSchema,
    note: z.string().nullable(),
    reviewed_at: z.string().nullable(),
    reviewed_by: authorSchema,
  })
  .meta({ id: 'BuildingSuggestion' });
export type BuildingSuggestion = z.infer<typeof suggestionSchema>;

export const suggestionListSchema = paged(suggestionSchema).meta({ id: 'BuildingSuggestionList' });
export type BuildingSuggestionList = z.infer<typeof suggestionListSchema>;

export const suggestionListQuerySchema = z.object({
  status: z
    .enum(SUGGESTION_STATUSES, { error: () => `status must be one of ${SUGGESTION_STATUSES.join(', ')}` })
    .optional()
    .default('pending'),
  ...pagingParams(REVISIONS_PER_PAGE_DEFAULT),
});

export const userSuggestionListQuerySchema = z.object({
  status: z
    .enum(SUGGESTION_STATUSES, { error: () => `status must be one of ${SUGGESTION_STATUSES.join(', ')}` })
    .optional(),
  ...pagingParams(REVISIONS_PER_PAGE_DEFAULT),
});

export const reviewResponseSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['accepted', 'rejected']),
    revision: z.object({ id: z.number().int() }).nullable(),
  })
  .meta({ id: 'SuggestionReviewed' });

/**
 * 409 of accepting a suggestion or reverting: already reviewed, nothing would change, or (with
 * `building_id`) the result would duplicate that building.
 */
export const revisionConflictProblemSchema = problemSchema
  .extend({
    building_id: z.number().int().optional().describe('The building the result would duplicate'),
  })
  .meta({ id: 'RevisionConflictProblem' });

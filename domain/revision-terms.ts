/**
 * The words of building revisions and suggestions without their schemas: which fields a revision
 * tracks, how the history names them and how a value reads. The web's history and suggestions
 * views read these without loading zod (revisions.ts holds the payload schemas).
 */
import { keysOf } from './labels.ts';

export const SUGGESTION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

/**
 * The building fields a revision records and a suggestion may change, in the order they show, and
 * how the history names each: the fields are its keys.
 */
export const REVISION_FIELD_LABELS = {
  name: 'Name',
  year_built: 'Year built',
  year_demolished: 'Year demolished',
  description: 'Description',
  coordinates: 'Coordinates',
  architectural_styles: 'Architectural styles',
  architects: 'Architects',
  address: 'Address',
} as const;
export const REVISION_FIELDS = keysOf(REVISION_FIELD_LABELS);
export type RevisionField = (typeof REVISION_FIELDS)[number];

/** The kinds of revision, and how the history names each: the kinds are its keys. */
export const REVISION_KIND_LABELS = {
  create: 'Added',
  edit: 'Edited',
  suggestion: 'Suggestion accepted',
  revert: 'Reverted',
} as const;
export const REVISION_KINDS = keysOf(REVISION_KIND_LABELS);
export type RevisionKind = (typeof REVISION_KINDS)[number];

export const SUGGESTION_NOTE_MAX = 1000;
export const REVISIONS_PER_PAGE_DEFAULT = 20;

/** One field's change: its value before and after. */
export interface FieldChange {
  from: unknown;
  to: unknown;
}
export type FieldChanges = Partial<Record<string, FieldChange>>;

const ADDRESS_PARTS = ['line1', 'line2', 'line3', 'city', 'state', 'postal_code', 'country_code'];

/**
 * A recorded value as a person reads it: '—' for none, coordinates as 'lat, lng', styles by name
 * (in the page's language with the web app's `translate`), lists comma-joined, an address as its parts.
 */
export function formatRevisionValue(
  field: string,
  value: unknown,
  translate: (message: string) => string = (message) => message,
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'coordinates' && Array.isArray(value) && value.length === 2) {
    return `${String(value[1])}, ${String(value[0])}`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return value
      .map((v: unknown) =>
        typeof v === 'object' && v !== null && 'name' in v
          ? field === 'architectural_styles'
            ? translate(String(v.name))
            : String(v.name)
          : String(v),
      )
      .join(', ');
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const parts = ADDRESS_PARTS.map((k) => record[k]).filter(
      (v): v is string | number => typeof v === 'string' || typeof v === 'number',
    );
    return parts.filter((v) => v !== '').join(', ') || '—';
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);
}

/** The changed fields of a revision or suggestion in the order the history shows them. */
export function orderedChanges(changes: FieldChanges): [string, FieldChange][] {
  const known = REVISION_FIELDS.filter((f) => changes[f] !== undefined).map(
    (f) => [f, changes[f]!] as [string, FieldChange],
  );
  const rest = Object.entries(changes).filter(
    (e): e is [string, FieldChange] =>
      e[1] !== undefined && !(REVISION_FIELDS as readonly string[]).includes(e[0]),
  );
  return [...known, ...rest];
}

export const fieldLabel = (field: string): string =>
  (REVISION_FIELD_LABELS as Record<string, string>)[field] ?? field;

import type { BuildingDetail } from '#domain/building-detail';
import type { SuggestionBodyInput } from '#domain/revisions';
import { updateBuildingBody, type EditBuildingValues } from './edit-building-form.ts';

export const SUGGEST_MESSAGES = {
  nothingChanged: 'Change at least one field to suggest an edit.',
  failed: 'Failed to send your suggestion',
  sent: "Thank you! Your suggestion was sent to the building's reviewers.",
} as const;

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * A suggestion from the edit form: only the fields whose values differ from the building's (the
 * API answers 400 to a suggestion that changes nothing), or null when none does. Styles compare
 * as sets, architects in order (their order is shown). Call only with values that passed validation.
 */
export function suggestionBody(
  building: BuildingDetail,
  values: EditBuildingValues,
): SuggestionBodyInput | null {
  const next = updateBuildingBody(building, values);
  const body: SuggestionBodyInput = {};
  if (next.name !== building.name) body.name = next.name;
  if (next.year_built !== building.year_built) body.year_built = next.year_built;
  if (next.year_demolished !== building.year_demolished) body.year_demolished = next.year_demolished;
  if (next.description !== building.description) body.description = next.description;
  if (!sameList(next.coordinates, building.coordinates)) body.coordinates = next.coordinates;
  const styles = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
  if (!sameList(styles(next.architectural_styles), styles(building.architectural_styles.map((s) => s.id)))) {
    body.architectural_styles = next.architectural_styles;
  }
  const architects = next.architects ?? [];
  if (
    !sameList(
      architects,
      building.architects.map((a) => a.name),
    )
  )
    body.architects = architects;
  return Object.keys(body).length > 0 ? body : null;
}

import type { ArchitecturalStyle } from '#domain/styles';

/**
 * Product §2, style picker: the styles not selected yet whose name contains the search text, compared
 * case-insensitively. An empty search offers every unselected style.
 */
export function matchStyles<T extends Pick<ArchitecturalStyle, 'id' | 'name'>>(
  styles: readonly T[],
  selectedIds: readonly number[],
  search: string,
): T[] {
  const needle = search.trim().toLowerCase();
  const selected = new Set(selectedIds);
  return styles.filter((style) => !selected.has(style.id) && style.name.toLowerCase().includes(needle));
}

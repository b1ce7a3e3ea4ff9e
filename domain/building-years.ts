/** How the app writes a building's years (panel, cards). */
export interface BuildingYears {
  year_built: number | null;
  year_demolished: number | null;
}

/** 'Built 1931 · Demolished 1963', 'Built 1931' or null when no year is known. */
export function buildingYearsText(
  building: BuildingYears,
  // The web app passes its `t` (web/src/lib/i18n.ts) for the page's language.
  t: (message: string, values: { year: string }) => string = (message, { year }) =>
    message.replace('{year}', year),
): string | null {
  const parts: string[] = [];
  if (building.year_built !== null) parts.push(t('Built {year}', { year: formatYear(building.year_built) }));
  if (building.year_demolished !== null)
    parts.push(t('Demolished {year}', { year: formatYear(building.year_demolished) }));
  return parts.length ? parts.join(' · ') : null;
}

/** Years before the common era read as '2560 BC'. */
export function formatYear(year: number): string {
  return year < 0 ? `${-year} BC` : String(year);
}

/** A building with a year demolished is marked 'Demolished' on cards and its page. */
export function isDemolished(building: BuildingYears): boolean {
  return building.year_demolished !== null;
}

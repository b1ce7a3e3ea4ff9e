/** How the app writes a building's years (panel, cards). */
export interface BuildingYears {
  year_built: number | null;
  year_demolished: number | null;
}

/** A message with a `{year}` in the page's language: the web app passes its `t` (web/src/lib/i18n.ts). */
export type YearTranslate = (message: string, values: { year: string }) => string;

/** The English text of a message (no catalogue): its `{year}` filled. */
const english: YearTranslate = (message, { year }) => message.replace('{year}', year);

/** 'Built 1931 · Demolished 1963', 'Built 1931' or null when no year is known. */
export function buildingYearsText(building: BuildingYears, t: YearTranslate = english): string | null {
  const parts: string[] = [];
  if (building.year_built !== null)
    parts.push(t('Built {year}', { year: formatYear(building.year_built, t) }));
  if (building.year_demolished !== null)
    parts.push(t('Demolished {year}', { year: formatYear(building.year_demolished, t) }));
  return parts.length ? parts.join(' · ') : null;
}

/**
 * Years before the common era read as '2560 BC' (the era a catalogue text: '2560 av. J.-C.' in
 * French when the web app passes its `t`).
 */
export function formatYear(year: number, t: YearTranslate = english): string {
  return year < 0 ? t('{year} BC', { year: String(-year) }) : String(year);
}

/** A building with a year demolished is marked 'Demolished' on cards and its page. */
export function isDemolished(building: BuildingYears): boolean {
  return building.year_demolished !== null;
}

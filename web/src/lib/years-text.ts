import { formatYear, type BuildingYears } from '#domain/building-years';
import { t } from './i18n.ts';

/** 'Built 1931 · Demolished 1972' in the page's language (buildingYearsText of domain, translated). */
export function yearsText(building: BuildingYears): string | null {
  const parts: string[] = [];
  if (building.year_built !== null) parts.push(t('Built {year}', { year: formatYear(building.year_built) }));
  if (building.year_demolished !== null)
    parts.push(t('Demolished {year}', { year: formatYear(building.year_demolished) }));
  return parts.length ? parts.join(' · ') : null;
}

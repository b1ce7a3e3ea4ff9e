import type { SearchHit } from '#domain/search';
import { currentLanguage } from '../../../lib/i18n.ts';
import { plural } from '../../../lib/i18n-plural.ts';

export const GROUP_LABELS: Record<SearchHit['type'], string> = {
  building: 'Buildings',
  architect: 'Architects',
  style: 'Styles',
  place: 'Places',
};

export interface HitGroup {
  type: SearchHit['type'];
  label: string;
  hits: { hit: SearchHit; value: string }[];
}

/** A stable option value per hit (places have no id). */
export function hitValue(hit: SearchHit): string {
  return hit.type === 'place' ? `place:${hit.name}:${hit.coordinates.join(',')}` : `${hit.type}:${hit.id}`;
}

/**
 * Hits grouped by type; groups in the order of their best hit, hits keeping the server's order
 * (best first), so the best match is always the first option.
 */
export function groupHits(hits: readonly SearchHit[]): HitGroup[] {
  const groups = new Map<SearchHit['type'], HitGroup>();
  for (const hit of hits) {
    let group = groups.get(hit.type);
    if (!group) groups.set(hit.type, (group = { type: hit.type, label: GROUP_LABELS[hit.type], hits: [] }));
    group.hits.push({ hit, value: hitValue(hit) });
  }
  return [...groups.values()];
}

const regionNames = new Map<string, Intl.DisplayNames>();

/**
 * A country's name in the page's language from its ISO code ('FR' → 'France', 'Frankreich' in
 * German), the code when unknown.
 */
export function countryName(code: string): string {
  const language = currentLanguage();
  let names = regionNames.get(language);
  if (!names)
    regionNames.set(
      language,
      (names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' })),
    );
  try {
    return names.of(code) ?? code;
  } catch {
    return code; // not a well-formed region code
  }
}

/** What a hit's option says beside its name. */
export function hitDetail(hit: SearchHit): string {
  switch (hit.type) {
    case 'building':
      return [hit.city, hit.country_code, hit.year_built ?? undefined].filter((p) => p != null).join(' · ');
    case 'architect':
    case 'style':
      return plural('{count, plural, one {# building} other {# buildings}}', { count: hit.building_count });
    case 'place':
      // The country in full: three places named Paris read 'France', 'United States', 'Canada'.
      return countryName(hit.country_code);
  }
}

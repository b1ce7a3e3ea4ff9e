import { describe, expect, it } from 'vitest';
import type { SearchHit } from '#domain/search';
import { countryName, groupHits, hitDetail } from './groups.ts';

const place: SearchHit = { type: 'place', name: 'Barcelona', country_code: 'ES', coordinates: [2.16, 41.39] };
const building: SearchHit = {
  type: 'building',
  id: 16,
  name: 'Casa Batlló',
  city: 'Barcelona',
  country_code: 'ES',
  year_built: 1906,
  coordinates: [2.16, 41.39],
  cover_image: null,
};
const architect: SearchHit = { type: 'architect', id: 3, name: 'Antoni Gaudí', building_count: 1 };

describe('groupHits (results grouped by type)', () => {
  it('groups by type in the order of each group’s best hit, keeping the server order inside', () => {
    const groups = groupHits([place, building, architect, { ...building, id: 17, name: 'Casa Milà' }]);
    expect(groups.map((g) => g.label)).toEqual(['Places', 'Buildings', 'Architects']);
    expect(groups[1]!.hits.map((h) => h.value)).toEqual(['building:16', 'building:17']);
    expect(groups[0]!.hits[0]!.value).toBe('place:Barcelona:2.16,41.39');
  });

  it('describes each hit', () => {
    expect(hitDetail(building)).toBe('Barcelona · ES · 1906');
    expect(hitDetail(architect)).toBe('1 building');
    expect(hitDetail({ ...architect, building_count: 5 })).toBe('5 buildings');
    expect(hitDetail(place)).toBe('Spain');
    expect(hitDetail({ ...place, name: 'Paris', country_code: 'US' })).toBe('United States');
  });

  it('names a country in full, or keeps a code it does not know', () => {
    expect(countryName('FR')).toBe('France');
    expect(countryName('XK')).toBe('Kosovo');
    expect(countryName('ZZZ9')).toBe('ZZZ9');
  });
});

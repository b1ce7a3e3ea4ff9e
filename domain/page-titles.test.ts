import { describe, expect, it } from 'vitest';
import { pageTitles } from './page-titles.ts';

describe('page titles', () => {
  it('name the page, then the site', () => {
    expect(pageTitles.site).toBe('Atlas of Buildings');
    expect(pageTitles.building('Casa Batlló')).toBe('Casa Batlló – Atlas of Buildings');
    expect(pageTitles.gallery('Casa Batlló')).toBe('Photos of Casa Batlló – Atlas of Buildings');
    expect(pageTitles.architect('Antoni Gaudí')).toBe('Antoni Gaudí – Atlas of Buildings');
    expect(pageTitles.user('ada')).toBe('ada – Atlas of Buildings');
    expect(pageTitles.about).toBe('About – Atlas of Buildings');
    expect(pageTitles.notFound).toBe('Not found – Atlas of Buildings');
  });
});

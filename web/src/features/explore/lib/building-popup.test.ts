// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import french from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import { buildPopupContent, fitShift, popupBuildingFrom, yearBuiltText } from './building-popup.ts';

describe('building popup (product §2: name linking to the building, description, year built)', () => {
  it('shows the name as a link, the description and the year built', () => {
    const content = buildPopupContent(
      { id: 7, name: 'Casa Batlló', description: 'Modernista house', year_built: 1906 },
      () => {},
    );
    const link = content.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/buildings/7');
    expect(link?.textContent).toBe('Casa Batlló');
    expect(content.textContent).toContain('Modernista house');
    expect(content.textContent).toContain('Year built: 1906');
  });

  it('never parses names as HTML', () => {
    const content = buildPopupContent(
      { id: 1, name: '<img src=x>', description: null, year_built: null },
      () => {},
    );
    expect(content.querySelector('img')).toBeNull();
    expect(content.querySelector('a')?.textContent).toBe('<img src=x>');
  });

  it('opens the building in the app on a plain click', () => {
    const open = vi.fn();
    const content = buildPopupContent({ id: 3, name: 'Pantheon', description: null, year_built: 126 }, open);
    content
      .querySelector('a')
      ?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(open).toHaveBeenCalledWith(3);
  });

  it('reads rendered feature properties', () => {
    expect(popupBuildingFrom({ id: 5, name: 'Kunsthaus', description: null, year_built: 2003 })).toEqual({
      id: 5,
      name: 'Kunsthaus',
      description: null,
      year_built: 2003,
    });
    expect(popupBuildingFrom({ name: 'no id' })).toBeNull();
    expect(yearBuiltText(null)).toBe('Year built: unknown');
  });

  it('writes a year before the common era as the cards do', () => {
    expect(yearBuiltText(-2560)).toBe('Year built: 2560 BC');
    expect(yearBuiltText(1931)).toBe('Year built: 1931');
    setCatalogue('fr', french);
    expect(yearBuiltText(-2560)).toBe('Année de construction : 2560 av. J.-C.');
    expect(yearBuiltText(null)).toBe('Année de construction : inconnue');
  });
});

describe('popups stay inside the map (small maps on phones)', () => {
  it('pans by the overflow on the side the popup sticks out of, or not at all', () => {
    expect(fitShift(10, 20)).toBe(0);
    // 30 px out at the bottom: the map moves up by 30.
    expect(fitShift(40, -30)).toBe(30);
    // Out at the top: the map moves down.
    expect(fitShift(-12, 50)).toBe(-12);
    // Too big for the map: its start (title, first choices) is shown.
    expect(fitShift(-5, -40)).toBe(-5);
  });
});

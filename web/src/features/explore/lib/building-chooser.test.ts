// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { buildChooserContent } from './building-chooser.ts';

const buildings = [
  { id: 3, name: 'Great Pyramid', description: null, year_built: -2560 },
  { id: 9, name: '<b>Hall</b>', description: 'x', year_built: null },
];

describe('building chooser (markers on one spot)', () => {
  it("says '2 buildings here' and lists each building's name and year as a labelled list of buttons", () => {
    const content = buildChooserContent(buildings, () => {});
    const title = content.querySelector('.building-chooser__title');
    expect(title?.textContent).toBe('2 buildings here');
    const list = content.querySelector('ul');
    expect(list?.getAttribute('aria-labelledby')).toBe(title?.id);
    const items = [...content.querySelectorAll('li > button')];
    expect(items.map((b) => b.textContent)).toEqual(['Great Pyramid 2560 BC', '<b>Hall</b>']);
    expect(items.every((b) => b.getAttribute('type') === 'button')).toBe(true);
    // Names are text, never HTML.
    expect(content.querySelector('b')).toBeNull();
  });

  it('gives each chooser its own title id', () => {
    const a = buildChooserContent(buildings, () => {}).querySelector('p')?.id;
    const b = buildChooserContent(buildings, () => {}).querySelector('p')?.id;
    expect(a).not.toBe(b);
  });

  it('picks the building whose button is clicked (Enter and Space click a button)', () => {
    const choose = vi.fn();
    const content = buildChooserContent(buildings, choose);
    content.querySelectorAll('button')[1]?.click();
    expect(choose).toHaveBeenCalledWith(buildings[1]);
  });
});

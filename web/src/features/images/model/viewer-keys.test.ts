import { describe, expect, it } from 'vitest';
import { isTypingTarget, viewerKeyAction } from './viewer-keys.ts';

const body = { tagName: 'BODY' };
const closed = { openIndex: null, hoveredIndex: 2, count: 5 };
const open = (index: number) => ({ openIndex: index, hoveredIndex: null, count: 5 });

describe('full view keys (product §2, gallery page)', () => {
  it('Space opens the hovered image, and closes the full view when open', () => {
    expect(viewerKeyAction(' ', body, closed)).toEqual({ type: 'open', index: 2 });
    expect(viewerKeyAction(' ', body, { ...closed, hoveredIndex: null })).toBeNull();
    expect(viewerKeyAction(' ', body, open(3))).toEqual({ type: 'close' });
  });

  it('Left/Right move to the previous/next image only while open, stopping at the ends', () => {
    expect(viewerKeyAction('ArrowRight', body, open(1))).toEqual({ type: 'move', index: 2 });
    expect(viewerKeyAction('ArrowLeft', body, open(1))).toEqual({ type: 'move', index: 0 });
    expect(viewerKeyAction('ArrowLeft', body, open(0))).toBeNull();
    expect(viewerKeyAction('ArrowRight', body, open(4))).toBeNull();
    expect(viewerKeyAction('ArrowRight', body, closed)).toBeNull();
  });

  it('Escape closes an open view; other keys do nothing', () => {
    expect(viewerKeyAction('Escape', body, open(0))).toEqual({ type: 'close' });
    expect(viewerKeyAction('Escape', body, closed)).toBeNull();
    expect(viewerKeyAction('a', body, open(0))).toBeNull();
  });

  it('ignores every key while typing in an input, textarea, select or editable element', () => {
    for (const target of [
      { tagName: 'INPUT' },
      { tagName: 'textarea' },
      { tagName: 'SELECT' },
      { tagName: 'DIV', isContentEditable: true },
    ]) {
      expect(isTypingTarget(target)).toBe(true);
      expect(viewerKeyAction(' ', target, closed)).toBeNull();
      expect(viewerKeyAction(' ', target, open(1))).toBeNull();
      expect(viewerKeyAction('ArrowRight', target, open(1))).toBeNull();
      expect(viewerKeyAction('Escape', target, open(1))).toBeNull();
    }
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('leaves Space to a focused button or link (it activates them), but not the arrows', () => {
    const button = { tagName: 'BUTTON', isControl: true };
    expect(viewerKeyAction(' ', button, closed)).toBeNull();
    expect(viewerKeyAction(' ', button, open(1))).toBeNull();
    expect(viewerKeyAction('ArrowRight', button, open(1))).toEqual({ type: 'move', index: 2 });
    // A grid image is no such control: Space there toggles the view.
    expect(viewerKeyAction(' ', { tagName: 'BUTTON', isControl: false }, closed)).toEqual({
      type: 'open',
      index: 2,
    });
  });

  it('an index past the list (the image was removed) counts as closed', () => {
    expect(viewerKeyAction('ArrowLeft', body, { openIndex: 5, hoveredIndex: null, count: 5 })).toBeNull();
  });
});

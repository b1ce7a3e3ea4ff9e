/**
 * Keyboard rules of the full image view (product §2, gallery page): Space toggles the full view for
 * the hovered image, Left/Right move to the previous/next image while it is open, Escape closes
 * it, and every key is ignored while typing in an input or textarea.
 */
export type ViewerKeyAction =
  { type: 'open'; index: number } | { type: 'close' } | { type: 'move'; index: number };

export interface KeyTarget {
  tagName?: string;
  isContentEditable?: boolean;
  /**
   * A button, link or other control that Space activates by itself (not a grid image): Space
   * is left to it, so the viewer's own buttons stay keyboard-usable.
   */
  isControl?: boolean;
}

export interface ViewerKeyState {
  /** The image shown in the full view; null when closed. */
  openIndex: number | null;
  /** The grid image under the pointer (or, without one, the focused grid image). */
  hoveredIndex: number | null;
  count: number;
}

export function isTypingTarget(target: KeyTarget | null): boolean {
  if (!target) return false;
  const tag = target.tagName?.toUpperCase();
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable === true;
}

/** What a key press does, or null for nothing (the browser keeps its own handling then). */
export function viewerKeyAction(
  key: string,
  target: KeyTarget | null,
  { openIndex, hoveredIndex, count }: ViewerKeyState,
): ViewerKeyAction | null {
  if (isTypingTarget(target)) return null;
  const isOpen = openIndex !== null && openIndex < count;
  switch (key) {
    case ' ':
    case 'Spacebar':
      if (target?.isControl) return null;
      if (isOpen) return { type: 'close' };
      return hoveredIndex !== null && hoveredIndex < count ? { type: 'open', index: hoveredIndex } : null;
    case 'ArrowLeft':
      return isOpen && openIndex > 0 ? { type: 'move', index: openIndex - 1 } : null;
    case 'ArrowRight':
      return isOpen && openIndex < count - 1 ? { type: 'move', index: openIndex + 1 } : null;
    case 'Escape':
      return isOpen ? { type: 'close' } : null;
    default:
      return null;
  }
}

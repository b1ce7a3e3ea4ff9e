import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the window is at most `px` wide, read in the first render (Mantine's default reads it
 * after a first render as a desktop, so a phone drew a frame of the desktop layout: the wizard at
 * desktop size, a full search box in the header) and followed as the window changes.
 */
export function useMaxWidth(px: number): boolean {
  return useMediaQuery(`(max-width: ${px}px)`, false, { getInitialValueInEffect: false });
}

import { useEffect, useRef, useState } from 'react';
import type { Image } from '#domain/images';
import { useViewerKeys } from '../hooks/use-viewer-keys.ts';
import { ImageGrid } from './image-grid.tsx';
import { ImageViewer, type ImageChange, type ImageViewerSlots } from './image-viewer.tsx';

export interface ImageBrowserProps {
  images: readonly Image[];
  onImageChange: (image: ImageChange) => void;
  onDeleted: (id: number) => void;
  /** The full view reached the last image: the host may load more. */
  onLastReached?: () => void;
  slots?: ImageViewerSlots;
  label?: string;
  dense?: boolean;
}

/**
 * A grid and its full view together (product §2): click or Space opens the hovered image, Left/Right
 * step while open (scrolling the grid along), Escape or Space closes.
 */
export function ImageBrowser({
  images,
  onImageChange,
  onDeleted,
  onLastReached,
  slots,
  label,
  dense,
}: ImageBrowserProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  // A ref, not state: a key pressed right after the pointer arrives must see the image under it,
  // before React has rendered again (nothing on screen depends on it).
  const hoveredIndex = useRef<number | null>(null);
  const count = images.length;

  // After a deletion the view shows the image now at that place (the last one at the end), or closes.
  const shownIndex = openIndex === null || count === 0 ? null : Math.min(openIndex, count - 1);

  useEffect(() => {
    if (shownIndex !== null && shownIndex === count - 1) onLastReached?.();
  }, [shownIndex, count, onLastReached]);

  useViewerKeys(
    () => ({ openIndex: shownIndex, hoveredIndex: hoveredIndex.current, count }),
    (action) => {
      if (action.type === 'close') setOpenIndex(null);
      else setOpenIndex(action.index);
    },
  );

  return (
    <>
      <ImageGrid
        images={images}
        activeIndex={shownIndex}
        onOpen={setOpenIndex}
        onHoverChange={(index) => (hoveredIndex.current = index)}
        label={label}
        dense={dense}
      />
      <ImageViewer
        images={images}
        index={shownIndex}
        onIndexChange={setOpenIndex}
        onClose={() => setOpenIndex(null)}
        onDeleted={onDeleted}
        onImageChange={onImageChange}
        slots={slots}
      />
    </>
  );
}

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Image } from '#domain/images';
import { DialogLoading } from '../../../components/dialog-loading.tsx';
import { useOpenedOnce } from '../../../lib/use-opened-once.ts';
import { useViewerKeys } from '../hooks/use-viewer-keys.ts';
import { ImageGrid } from './image-grid.tsx';
import type { ImageChange, ImageViewerSlots } from './image-viewer.tsx';
import { t } from '../../../lib/i18n.ts';

const loadViewer = () => import('./image-viewer.tsx');
// The full view (its modal, credit editing and what the slots add: vote faces, comments) loads
// when an image is first pointed at, focused or opened.
const ImageViewer = lazy(() => loadViewer().then((m) => ({ default: m.ImageViewer })));

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
  const wanted = useOpenedOnce(shownIndex !== null);
  const preload = () => {
    void loadViewer();
    slots?.preload?.();
  };

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
        onHoverChange={(index) => {
          hoveredIndex.current = index;
          if (index !== null) preload();
        }}
        label={label}
        dense={dense}
      />
      {wanted && (
        <Suspense fallback={<DialogLoading label={t('Loading image')} />}>
          <ImageViewer
            images={images}
            index={shownIndex}
            onIndexChange={setOpenIndex}
            onClose={() => setOpenIndex(null)}
            onDeleted={onDeleted}
            onImageChange={onImageChange}
            slots={slots}
          />
        </Suspense>
      )}
    </>
  );
}

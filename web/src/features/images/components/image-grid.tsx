import { useEffect, useRef } from 'react';
import type { Image } from '#domain/images';
import { imageTypeLabel, RENDITION_SIZES } from '#domain/images';
import { renditionSize } from '../model/rendition-size.ts';
import classes from './images.module.css';
import { t } from '../../../lib/i18n.ts';

const THUMB_SIDE = RENDITION_SIZES[0];

export interface ImageGridProps {
  images: readonly Image[];
  /** The image open in the full view: marked, and scrolled into view when it changes. */
  activeIndex: number | null;
  onOpen: (index: number) => void;
  /** The image under the pointer or focus (Space opens it), null when none. */
  onHoverChange?: (index: number | null) => void;
  label?: string;
  /** Smaller cells, for a narrow panel. */
  dense?: boolean;
}

/** A grid of 400 px renditions, lazy and sized from each image's aspect so nothing jumps. */
export function ImageGrid({
  images,
  activeIndex,
  onOpen,
  onHoverChange,
  label,
  dense = false,
}: ImageGridProps) {
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (activeIndex === null) return;
    const item = list.current?.querySelector<HTMLElement>(`[data-image-index="${activeIndex}"]`);
    item?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [activeIndex]);

  return (
    <ul
      className={`${classes.grid} ${dense ? classes.dense : ''}`}
      aria-label={label ?? t('Images')}
      ref={list}
      onMouseLeave={() => onHoverChange?.(null)}
    >
      {images.map((image, index) => {
        const size = renditionSize(image, THUMB_SIDE);
        const name = imageName(image, index);
        return (
          <li key={image.id} data-image-index={index} data-image-id={image.id}>
            <button
              type="button"
              className={`${classes.gridItem} ${index === activeIndex ? classes.active : ''}`}
              aria-label={t('Open {name}', { name })}
              onClick={() => onOpen(index)}
              onMouseEnter={() => onHoverChange?.(index)}
              onFocus={() => onHoverChange?.(index)}
            >
              <img src={image.url} alt={name} loading="lazy" width={size.width} height={size.height} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The accessible name of an image: its type, its description when it has one, and its position. */
export function imageName(image: Pick<Image, 'image_type' | 'description'>, index: number): string {
  const values = { type: t(imageTypeLabel(image.image_type)), number: index + 1 };
  return image.description
    ? t('{type} image {number}: {description}', { ...values, description: image.description })
    : t('{type} image {number}', values);
}

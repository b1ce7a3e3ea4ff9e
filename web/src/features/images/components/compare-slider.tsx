import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Image } from '#domain/images';
import {
  DIVIDER_START,
  THROUGH_TIME_TEXTS,
  dividerAfterKey,
  dividerAtPointer,
  yearLabel,
} from '../model/through-time.ts';
import classes from './through-time.module.css';
import { t } from '../../../lib/i18n.ts';

interface CompareSliderProps {
  /** Shown left of the divider. */
  earlier: Image;
  /** Shown right of the divider, over the earlier one. */
  later: Image;
}

/**
 * Two photos laid over each other: the later one shows right of a divider. The divider is a
 * slider (WAI-ARIA: arrows, Page Up/Down, Home/End) and follows a pointer, mouse or touch,
 * pressed anywhere on the photos.
 */
export function CompareSlider({ earlier, later }: CompareSliderProps) {
  const [position, setPosition] = useState(DIVIDER_START);
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const follow = (event: PointerEvent<HTMLDivElement>) => {
    const rect = box.current?.getBoundingClientRect();
    if (rect) setPosition(dividerAtPointer(event.clientX, rect.left, rect.width));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = dividerAfterKey(position, event.key);
    if (next === null) return;
    event.preventDefault();
    setPosition(next);
  };

  const describe = (image: Image) =>
    `${yearLabel(image)}${image.description ? `: ${image.description}` : ''}`;

  return (
    <div
      ref={box}
      className={classes.compare}
      data-testid="compare-view"
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
        follow(event);
      }}
      onPointerMove={(event) => dragging.current && follow(event)}
      onPointerUp={() => (dragging.current = false)}
      onPointerCancel={() => (dragging.current = false)}
    >
      <img src={later.url_large} alt={describe(later)} draggable={false} />
      {/* The earlier photo covers the left part, up to the divider. */}
      <img
        src={earlier.url_large}
        alt={describe(earlier)}
        draggable={false}
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
      />
      <span className={classes.label} style={{ left: 8 }}>
        {yearLabel(earlier)}
      </span>
      <span className={classes.label} style={{ right: 8 }}>
        {yearLabel(later)}
      </span>
      <div
        className={classes.divider}
        style={{ left: `${position}%` }}
        role="slider"
        tabIndex={0}
        aria-label={t(THROUGH_TIME_TEXTS.divider)}
        aria-orientation="horizontal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={position}
        aria-valuetext={`${Math.round(position)}% ${yearLabel(earlier)}, ${Math.round(100 - position)}% ${yearLabel(later)}`}
        onKeyDown={onKeyDown}
      >
        <span className={classes.handle} aria-hidden />
      </div>
    </div>
  );
}

import classes from './map-placeholder.module.css';

/** The basemap's background for a map's container, shown until the map's first frame. */
export const mapBackground = { className: classes.placeholder! };

/**
 * Holds a map's place, in the basemap's background colour, until the lazily loaded map library
 * draws it. Imports nothing from maplibre-gl: it shows while that loads. `className` gives its size.
 */
export function MapPlaceholder({ className }: { className?: string | undefined }) {
  return (
    <div className={[classes.placeholder, className].filter(Boolean).join(' ')} data-testid="map-loading" />
  );
}

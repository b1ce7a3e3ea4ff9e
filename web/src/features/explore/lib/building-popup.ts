import { Popup, type LngLatLike, type Map as MapLibreMap } from 'maplibre-gl';
import { formatYear } from '#domain/building-years';
import { pages } from '#domain/pages';
import { t } from '../../../lib/i18n.ts';

export interface PopupBuilding {
  id: number;
  name: string;
  description: string | null;
  year_built: number | null;
}

/** Reads the popup fields from a rendered feature's properties (nested objects arrive as JSON text). */
export function popupBuildingFrom(properties: Record<string, unknown>): PopupBuilding | null {
  const id = Number(properties.id);
  if (!Number.isInteger(id) || typeof properties.name !== 'string') return null;
  const year = properties.year_built;
  return {
    id,
    name: properties.name,
    description: typeof properties.description === 'string' ? properties.description : null,
    year_built: typeof year === 'number' ? year : null,
  };
}

/**
 * Text of the popup's year line (product §2: 'Year built: {year_built}'), the year written as
 * the cards and the panel write it: 'Year built: 2560 BC', never 'Year built: -2560' (in the page's
 * language: 'Année de construction : 2560 av. J.-C.').
 */
export function yearBuiltText(yearBuilt: number | null): string {
  return t('Year built: {year}', { year: yearBuilt === null ? t('unknown') : formatYear(yearBuilt, t) });
}

/**
 * The popup content, built from DOM nodes so that names and descriptions are never parsed as HTML.
 * A plain click on the name opens the building in the app; modified clicks keep the browser's behaviour.
 */
export function buildPopupContent(building: PopupBuilding, openBuilding: (id: number) => void): HTMLElement {
  const root = document.createElement('div');
  root.className = 'building-popup';

  const link = document.createElement('a');
  link.className = 'building-popup__name';
  link.href = pages.building.href({ id: building.id });
  link.textContent = building.name;
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    openBuilding(building.id);
  });
  root.append(link);

  if (building.description) {
    const description = document.createElement('p');
    description.className = 'building-popup__description';
    description.textContent = building.description;
    root.append(description);
  }

  const year = document.createElement('p');
  year.className = 'building-popup__year';
  year.textContent = yearBuiltText(building.year_built);
  root.append(year);
  return root;
}

export function openBuildingPopup(
  map: MapLibreMap,
  at: LngLatLike,
  building: PopupBuilding,
  openBuilding: (id: number) => void,
): Popup {
  const popup = new Popup({ maxWidth: '280px', closeButton: true, offset: 10 })
    .setLngLat(at)
    .setDOMContent(buildPopupContent(building, openBuilding))
    .addTo(map);
  keepPopupInView(map, popup);
  return popup;
}

/** Room kept around a popup inside the map; at the bottom, the attribution's height. */
const POPUP_MARGIN = { top: 8, right: 8, bottom: 36, left: 8 };

/**
 * How far to pan along one axis so that a box fits: `before` and `after` are the room left on
 * either side (negative when the box sticks out). A box too big to fit shows its start.
 */
export function fitShift(before: number, after: number): number {
  if (before < 0) return before;
  if (after < 0) return -after;
  return 0;
}

/**
 * Pans the map a little when a popup sticks out of it (a small map on a phone, a marker near the
 * edge), so its whole content can be read and reached.
 */
export function keepPopupInView(map: MapLibreMap, popup: Popup): void {
  const box = popup.getElement()?.getBoundingClientRect();
  const frame = map.getContainer().getBoundingClientRect();
  if (!box || box.width === 0) return;
  const dx = fitShift(
    box.left - frame.left - POPUP_MARGIN.left,
    frame.right - box.right - POPUP_MARGIN.right,
  );
  const dy = fitShift(
    box.top - frame.top - POPUP_MARGIN.top,
    frame.bottom - box.bottom - POPUP_MARGIN.bottom,
  );
  if (dx !== 0 || dy !== 0) map.panBy([dx, dy], { duration: 200 });
}

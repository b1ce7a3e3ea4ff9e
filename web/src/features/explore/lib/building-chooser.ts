import { Popup, type LngLatLike, type Map as MapLibreMap } from 'maplibre-gl';
import { formatYear } from '#domain/building-years';
import { chooserTitle } from '../model/overlap.ts';
import { keepPopupInView, type PopupBuilding } from './building-popup.ts';
import { t } from '../../../lib/i18n.ts';

let chooserCount = 0;

/**
 * The chooser's content: '2 buildings here' and one button per building (its name and
 * year built), in the order given. Built from DOM nodes so names are never parsed as HTML.
 */
export function buildChooserContent(
  buildings: readonly PopupBuilding[],
  choose: (building: PopupBuilding) => void,
): HTMLElement {
  const root = document.createElement('div');
  root.className = 'building-chooser';

  const title = document.createElement('p');
  title.className = 'building-chooser__title';
  title.id = `building-chooser-title-${++chooserCount}`;
  title.textContent = chooserTitle(buildings.length);
  root.append(title);

  const list = document.createElement('ul');
  list.className = 'building-chooser__list';
  list.setAttribute('aria-labelledby', title.id);
  for (const building of buildings) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'building-chooser__item';
    const name = document.createElement('span');
    name.className = 'building-chooser__name';
    name.textContent = building.name;
    button.append(name);
    if (building.year_built !== null) {
      const year = document.createElement('span');
      year.className = 'building-chooser__year';
      year.textContent = formatYear(building.year_built, t);
      button.append(' ', year);
    }
    button.addEventListener('click', () => choose(building));
    item.append(button);
    list.append(item);
  }
  root.append(list);
  return root;
}

/** Opens the chooser at the click; picking a building replaces it with that building's popup. */
export function openBuildingChooser(
  map: MapLibreMap,
  at: LngLatLike,
  buildings: readonly PopupBuilding[],
  choose: (building: PopupBuilding) => void,
): Popup {
  const popup = new Popup({ maxWidth: '280px', closeButton: true, offset: 10 });
  popup
    .setLngLat(at)
    .setDOMContent(
      buildChooserContent(buildings, (building) => {
        popup.remove();
        choose(building);
      }),
    )
    .addTo(map);
  keepPopupInView(map, popup);
  return popup;
}

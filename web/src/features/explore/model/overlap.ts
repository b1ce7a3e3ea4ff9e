/**
 * Overlapping markers: at high zoom several buildings can sit at (nearly) the same spot,
 * and a click on the pile would open one arbitrary popup. The markers a click counts as hitting are
 * listed instead, in a chooser. Pure rules; the map glue is in components/explore-map.tsx.
 */
import type { PopupBuilding } from '../lib/building-popup.ts';

/** A click this close to a marker's edge still counts as on it (a fingertip, a shaky hand). */
export const CLICK_SLACK_PX = 3;

export interface MarkerHit {
  building: PopupBuilding;
  /** The marker's centre on screen, in CSS pixels. */
  x: number;
  y: number;
}

/**
 * The buildings a click at `click` hits: every marker whose centre lies within `reachPx` (the
 * marker radius plus CLICK_SLACK_PX), each building once (a highlighted one is drawn twice), by
 * name, then year built (unknown last), then id: a stable order the user can scan.
 */
export function buildingsAtClick(
  hits: readonly MarkerHit[],
  click: { x: number; y: number },
  reachPx: number,
): PopupBuilding[] {
  const byId = new Map<number, PopupBuilding>();
  for (const hit of hits) {
    if (byId.has(hit.building.id)) continue;
    if (Math.hypot(hit.x - click.x, hit.y - click.y) > reachPx) continue;
    byId.set(hit.building.id, hit.building);
  }
  return [...byId.values()].sort(compareBuildings);
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function compareBuildings(a: PopupBuilding, b: PopupBuilding): number {
  return (
    collator.compare(a.name, b.name) ||
    (a.year_built ?? Number.POSITIVE_INFINITY) - (b.year_built ?? Number.POSITIVE_INFINITY) ||
    a.id - b.id
  );
}

/** The chooser's heading: '2 buildings here'. */
export function chooserTitle(count: number): string {
  return `${count} buildings here`;
}

/**
 * A longitude moved by whole turns to the copy of the world nearest `reference` (the click), so
 * that a marker drawn on a repeated world projects next to the click, not a world away.
 */
export function nearestWorldCopy(lng: number, reference: number): number {
  return lng + 360 * Math.round((reference - lng) / 360);
}

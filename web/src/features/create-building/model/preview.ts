/** Product §9: the preview map's world view (zoom 2 centred on New York) and detail zoom 15. */
export const PREVIEW_CENTER: [number, number] = [-74.006, 40.7128];
export const PREVIEW_WORLD_ZOOM = 2;
export const PREVIEW_DETAIL_ZOOM = 15;

/** Where the preview looks: the building at zoom 15 when its coordinates are valid, else the world. */
export function previewView(coordinates: [number, number] | null): {
  center: [number, number];
  zoom: number;
} {
  return coordinates
    ? { center: coordinates, zoom: PREVIEW_DETAIL_ZOOM }
    : { center: PREVIEW_CENTER, zoom: PREVIEW_WORLD_ZOOM };
}

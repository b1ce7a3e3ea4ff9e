import { Marker, type Map as MapLibreMap } from 'maplibre-gl';
import type { ClusterFeature } from '#domain/building-map';

/**
 * Count labels of the server clusters as HTML markers. The map can draw text (the basemap's labels),
 * but a symbol layer for the counts was measured no cheaper: `npm run bench:map`, 100k buildings,
 * first drawn idle 1792 ms with the basemap (HTML markers 1755 ms, within the spread) and 1540 ms
 * without it (1402 ms: the map's text shaders are then paid for the counts alone). bench/README.md.
 * The label lets clicks through to the circle beneath it.
 */
export class ClusterLabels {
  private markers: Marker[] = [];

  constructor(private readonly map: MapLibreMap) {}

  set(clusters: readonly ClusterFeature[]): void {
    this.clear();
    for (const cluster of clusters) {
      const element = document.createElement('div');
      element.className = 'cluster-label';
      element.textContent = cluster.properties.point_count_abbreviated;
      element.setAttribute('aria-hidden', 'true');
      element.dataset.count = String(cluster.properties.point_count);
      const marker = new Marker({ element, anchor: 'center' })
        .setLngLat(cluster.geometry.coordinates)
        .addTo(this.map);
      this.markers.push(marker);
    }
  }

  clear(): void {
    for (const marker of this.markers) marker.remove();
    this.markers = [];
  }
}

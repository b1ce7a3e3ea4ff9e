import { Marker, type Map as MapLibreMap } from 'maplibre-gl';
import type { ClusterFeature } from '#domain/buildings';

/**
 * Count labels of the server clusters as HTML markers: the map has no glyphs (fonts) offline, so
 * text cannot be drawn in WebGL. The label lets clicks through to the circle beneath it.
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

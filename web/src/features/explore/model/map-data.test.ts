import { describe, expect, it } from 'vitest';
import type { BuildingFeature, ClusterFeature } from '#domain/building-map';
import { clusterTarget, splitMapData } from './map-data.ts';

const point = (id: number): BuildingFeature => ({
  type: 'Feature',
  id,
  geometry: { type: 'Point', coordinates: [id, 0] },
  properties: {
    cluster: false,
    id,
    name: `B${id}`,
    description: null,
    year_built: null,
    year_demolished: null,
    cover_image: null,
    image_count: 0,
    views: 0,
    vote_stats: { net_votes: 0, upvotes: 0, meh_votes: 0, downvotes: 0 },
  },
});

const cluster = (count: number, bounds: [number, number, number, number]): ClusterFeature => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [0, 0] },
  properties: {
    cluster: true,
    cluster_id: `3/1/1`,
    point_count: count,
    point_count_abbreviated: String(count),
    expansion_zoom: 5,
    bounds,
  },
});

describe('splitMapData (points keep the marker behaviour, clusters are drawn apart)', () => {
  it('puts buildings and clusters into their own collections', () => {
    const c = cluster(12, [0, 0, 45, 45]);
    const data = splitMapData({ features: [point(1), c, point(2)] });
    expect(data.points.features.map((f) => f.id)).toEqual([1, 2]);
    expect(data.clusters.features).toEqual([c]);
  });
});

describe('clusterTarget (a click zooms in to the cluster as given)', () => {
  it("goes to the middle of the cluster's cell at its expansion zoom", () => {
    expect(clusterTarget(cluster(3, [0, 10, 40, 50]).properties, 3)).toEqual({ center: [20, 30], zoom: 5 });
  });

  it('never zooms out', () => {
    expect(clusterTarget(cluster(3, [0, 10, 40, 50]).properties, 6.5).zoom).toBe(6.5);
  });

  it('finds the middle of a cell across the antimeridian', () => {
    expect(clusterTarget(cluster(3, [170, 0, -170, 10]).properties, 3).center).toEqual([180, 5]);
    expect(clusterTarget(cluster(3, [160, 0, -170, 10]).properties, 3).center).toEqual([175, 5]);
    expect(clusterTarget(cluster(3, [170, 0, -150, 10]).properties, 3).center).toEqual([-170, 5]);
  });
});

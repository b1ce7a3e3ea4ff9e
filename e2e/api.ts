import { inject } from 'vitest';
import type { BuildingDetail } from '#domain/building-detail';
import { baseURL } from './browser.ts';
import { fetchWorldBuildings, type WorldBuildings } from './world.ts';

export type { WorldBuildings };

export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${baseURL()}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The world view's seeded buildings (those global-setup.ts saw before any test ran), in id order.
 * The e2e files run two at a time: a file that picks 'the last building' or compares the markers
 * with a list must not meet another file's test buildings, which come and go meanwhile.
 */
export async function getSeededBuildings(): Promise<WorldBuildings> {
  const seeded = new Set(inject('seededBuildingIds'));
  const world = await fetchWorldBuildings(baseURL());
  return { ...world, features: world.features.filter((f) => seeded.has(f.properties.id)) };
}

export function getBuilding(id: number): Promise<BuildingDetail> {
  return getJson<BuildingDetail>(`/api/buildings/${id}`);
}

import type { Page } from 'playwright-core';
import type { ArchitecturalStyle } from '#domain/styles';
import { getJson } from './api.ts';

/** Signs the page in as `handle` (POST /api/auth/dev through the page's fetch) and reloads. */
export async function signIn(page: Page, handle: string): Promise<void> {
  const status = await page.evaluate(async (h) => {
    const response = await fetch('/api/auth/dev', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ handle: h }),
      credentials: 'include',
    });
    return response.status;
  }, handle);
  if (status !== 200) throw new Error(`Signing in as ${handle} answered ${status}`);
  await page.reload();
  await page.getByRole('button', { name: handle, exact: true }).waitFor();
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** A JSON request from the page itself: its cookies, its origin. */
export function pageFetch(page: Page, method: string, path: string, body?: unknown): Promise<ApiAnswer> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'include',
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: response.status, body: parsed };
    },
    { method, path, body },
  );
}

export async function styleIdsByName(): Promise<Map<string, number>> {
  const styles = await getJson<ArchitecturalStyle[]>('/api/architectural_styles/');
  return new Map(styles.map((s) => [s.name, s.id]));
}

export interface TestBuilding {
  name: string;
  coordinates: [number, number];
  year_built: number | null;
  architectural_styles: number[];
}

/** The full create/update payload of a test building (product §3). */
export function buildingPayload(b: TestBuilding) {
  return {
    name: b.name,
    place_id: null,
    year_built: b.year_built,
    year_demolished: null,
    description: 'Made by an end-to-end test',
    coordinates: b.coordinates,
    architectural_styles: b.architectural_styles,
    address: {
      line1: '1 Test Street',
      line2: null,
      line3: null,
      city: 'Testville',
      state: null,
      postal_code: null,
      country_code: 'US',
    },
  };
}

/** POST /api/buildings/ as the page's user; returns the new id. */
export async function createBuilding(page: Page, b: TestBuilding): Promise<number> {
  const answer = await pageFetch(page, 'POST', '/api/buildings/', buildingPayload(b));
  if (answer.status !== 201)
    throw new Error(`Creating ${b.name} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body as { building: { id: number } }).building.id;
}

/**
 * Signs `page` in as a new user `handle` (from a gallery page, whose navigation bar has the demo
 * sign-in) and creates a building of theirs with the first seeded style; returns its id.
 */
export async function signInWithOwnBuilding(
  page: Page,
  handle: string,
  b: Omit<TestBuilding, 'architectural_styles'>,
): Promise<number> {
  await page.goto('/gallery/1');
  await signIn(page, handle);
  const style = [...(await styleIdsByName()).values()][0];
  if (style === undefined) throw new Error('No styles seeded');
  return createBuilding(page, { ...b, architectural_styles: [style] });
}

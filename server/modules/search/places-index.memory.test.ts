/**
 * The gazetteer stays small in memory once built: 135k places as flat arrays, not the package's
 * objects (which held ≈ 60 MB for as long as the server ran, kept by Node's module cache).
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { expect, it } from 'vitest';
import { buildGazetteer, buildSteps, searchPlaces } from './places-index.ts';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function heapMb(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

it('holds the whole gazetteer in under 20 MB of heap, and search still finds places in it', async () => {
  const before = heapMb();
  const gazetteer = buildGazetteer();
  // Let anything the build scheduled settle before measuring.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const grown = heapMb() - before;
  expect(gazetteer.lng.length).toBeGreaterThan(100_000);
  expect(grown).toBeLessThan(20);
  expect(searchPlaces('barcelona', 1)[0]?.hit).toMatchObject({ name: 'Barcelona', country_code: 'ES' });
});

it('builds in slices the server warms it in, with the event loop free in between', () => {
  const steps = buildSteps();
  let pauses = 0;
  let step = steps.next();
  for (; !step.done; step = steps.next()) pauses++;
  // 135k places read, then indexed: a pause every 4,096 of each.
  expect(pauses).toBeGreaterThan(60);
  expect(step.value.lng.length).toBe(buildGazetteer().lng.length);
});

import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

/** maplibre-gl 6 is ESM-only; under Vite its worker must be given explicitly or the map never loads. */
export function setupMapLibre(): void {
  setWorkerUrl(workerUrl);
}

import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { exploreFrame } from './scripts/explore-frame.ts';
import { precompressDir } from './scripts/precompress.ts';
import { domainSchemaBuilders, webEndpoints } from './scripts/web-endpoints.ts';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const apiPort = process.env.PORT ?? '3000';

/** Brotli and gzip copies of the built files, for the server to send as they are (issue 16). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'atlas-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}

// The web app lives in web/; its build goes to dist/web, which the server serves.
export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  // exploreFrame: the explore screen's frame rendered from the components (scripts/explore-frame.ts).
  plugins: [webEndpoints(), react(), precompress(), exploreFrame(repoRoot)],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks and CSS each route loads, for the budget check
    // (scripts/check-budgets.ts).
    manifest: true,
    // MapLibre alone is ~1.1 MB minified; split it and the common libraries from the app code
    // so an app change does not invalidate their cached chunks.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: { manualPureFunctions: domainSchemaBuilders() },
      output: {
        codeSplitting: {
          groups: [
            { name: 'maplibre', test: /node_modules[\\/]maplibre-gl/ },
            // React, the router and TanStack Query: needed whole on every screen. Mantine is not
            // grouped: a group takes its modules from every screen, so components only a lazily
            // loaded screen uses would be downloaded by all (issue 16).
            {
              name: 'vendor',
              test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
            },
            // Everything else the entry imports statically (the frame every screen draws: Mantine's
            // core, the navigation bar, the api-client) in one chunk. Left to itself, rolldown cut it
            // into a dozen small chunks by which lazy screens share each piece, and every screen paid
            // for each file's compression overhead and lost context (≈ 6 KB brotli per route).
            { name: 'initial', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    // domain/ sits outside the Vite root; allow serving it in dev.
    fs: { allow: [repoRoot] },
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/basemap': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/basemap': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
});

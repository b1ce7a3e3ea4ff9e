import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { installHeadTags, webManifest } from './domain/web-manifest.ts';
import { exploreFrame } from './scripts/explore-frame.ts';
import { mantinePatches } from './scripts/mantine-patches.ts';
import { precompressDir } from './scripts/precompress.ts';
import { holdsModuleState } from './scripts/module-state.ts';
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

/** The favicon, touch icon and theme colour in the page's head (domain/web-manifest.ts). */
function installHead(): Plugin {
  return {
    name: 'atlas-install-head',
    transformIndexHtml: (html) => html.replace('</title>', `</title>\n    ${installHeadTags()}`),
  };
}

/**
 * The web app manifest and the service worker (Workbox's generateSW through vite-plugin-pwa;
 * docs/decisions/2026-11-27-installable-and-offline.md). The worker is registered by
 * web/src/app/offline.ts some seconds after the page has loaded, not by the plugin's script. What it caches:
 * - the app shell, precached: index.html, the JS and CSS chunks, the icons;
 * - navigations go to the network (the server fills each page's head and first data); offline,
 *   the precached index.html answers instead;
 * - the offline basemap's tiles (immutable, named by the archive's version) once seen, and its
 *   TileJSON, network first;
 * - fonts, once seen (the app ships none today: labels use the browser's fonts).
 * Nothing else: no /api answer (public or a signed-in user's), no /media file, and not the
 * streets archive (read by byte ranges, whose 206 answers a cache cannot hold).
 * The match functions are copied into the worker as text: they use nothing from outside.
 */
function serviceWorker(): Plugin[] {
  return VitePWA({
    injectRegister: null,
    registerType: 'autoUpdate',
    manifest: webManifest,
    includeManifestIcons: false,
    workbox: {
      globPatterns: ['*.{html,svg,png,ico,webmanifest}', 'assets/*.{js,css}'],
      // index.html is fetched fresh at every install (it names the current chunks).
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      navigationPreload: true,
      // MapLibre's chunk is about 1.1 MB before compression.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' && !/^\/(?:api|media|basemap|metrics)(?:\/|$)/.test(url.pathname),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/index.html' } },
        },
        {
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin && /^\/basemap\/[0-9a-f]+\/\d+\/\d+\/\d+\.mvt$/.test(url.pathname),
          handler: 'CacheFirst',
          options: {
            cacheName: 'atlas-basemap-tiles',
            // 204: a tile the archive does not have (open sea), drawn empty.
            cacheableResponse: { statuses: [200, 204] },
            expiration: { maxEntries: 4000, purgeOnQuotaError: true },
            matchOptions: { ignoreVary: true },
          },
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/basemap/tiles.json',
          handler: 'NetworkFirst',
          options: { cacheName: 'atlas-basemap-meta', cacheableResponse: { statuses: [200] } },
        },
        {
          urlPattern: ({ request }) => request.destination === 'font',
          handler: 'CacheFirst',
          options: {
            cacheName: 'atlas-fonts',
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 30, purgeOnQuotaError: true },
          },
        },
      ],
    },
  });
}

// The web app lives in web/; its build goes to dist/web, which the server serves.
export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  // exploreFrame: the explore screen's frame rendered from the components (scripts/explore-frame.ts).
  // serviceWorker before precompress: the worker is written before the files are compressed.
  // mantinePatches: Mantine's ids without a second render, its default variables computed when needed
  // (scripts/mantine-patches.ts).
  plugins: [
    mantinePatches(),
    webEndpoints(),
    react(),
    installHead(),
    serviceWorker(),
    precompress(),
    exploreFrame(repoRoot),
  ],
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
      // Chunks need not keep their modules' exports for outside users (there are none: the app
      // is the only importer); the inlining of small common chunks below requires it.
      preserveEntrySignatures: false,
      treeshake: { manualPureFunctions: domainSchemaBuilders() },
      output: {
        codeSplitting: {
          // Small shared chunks are copied into each chunk that imports them instead of being files
          // of their own: left alone, rolldown cut the building page into 36 files (a dozen of
          // them 1–2 KB: one Mantine component, an icon, a helper), and on a phone's connection
          // every file is a request that waits its turn for one of a few connections. With the
          // copies it loads 7 files for 1.1 KB more (Lighthouse's phone LCP 3.9 → 2.9 s).
          // A chunk holding a module with state for the page's life (a store, a React context, a
          // module-level `let`) stays single: two copies would be two states.
          // Decision: docs/decisions/2026-11-28-small-chunks-inlined.md.
          experimentalInlineCommonChunks: { maxSize: 24 * 1024, exclude: holdsModuleState },
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

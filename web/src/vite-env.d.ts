/// <reference types="vite/client" />

/** Build-time settings the browser may see (whitelisted: only these are read). */
interface ImportMetaEnv {
  readonly VITE_TILE_URL_LIGHT?: string;
  readonly VITE_TILE_URL_DARK?: string;
  readonly VITE_TILE_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

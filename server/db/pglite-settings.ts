/** PGLITE_SHARED_BUFFERS_MB's default (server/config.ts, server/db/client.ts). */
export const PGLITE_SHARED_BUFFERS_MB_DEFAULT = 16;

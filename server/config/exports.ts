/** Downloads of the catalogue, of lists and of a user's own data: how long one may run and how slowly it may be read. */
import { area, integer, setting } from './setting.ts';

export const exportsSettings = area(
  {
    EXPORT_DEADLINE_MS: setting(integer(100, 86_400_000), {
      default: '600000',
      text: 'an export still running after this long is cut and its slot freed',
    }),
    ACCOUNT_EXPORT_DEADLINE_MS: setting(integer(100, 86_400_000), {
      default: '7200000',
      text: "the same for a user's own data download (`GET /api/users/{handle}/export`, a ZIP with their original photos, which may be gigabytes); the least read rate still applies",
    }),
    EXPORT_MIN_BYTES_PER_SECOND: setting(integer(0, 1_000_000_000), {
      default: '4096',
      text: 'an export whose reader takes less than this over 20 s, while the server waits on it, is cut and its slot freed; `0` turns the minimum off',
    }),
  },
  {},
  (e) => ({
    /**
     * How long an export may run and the least rate its reader must take it at while the server
     * waits on it (0: no minimum); past either the download is cut and its slot freed
     * (server/http/transfer-guard.ts).
     */
    export: { deadlineMs: e.EXPORT_DEADLINE_MS, minBytesPerSecond: e.EXPORT_MIN_BYTES_PER_SECOND },
    /** The deadline of a user's own data download (a ZIP of their originals can be gigabytes). */
    accountExportDeadlineMs: e.ACCOUNT_EXPORT_DEADLINE_MS,
  }),
);

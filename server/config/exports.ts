/** Downloads of the catalogue and of lists: how long one may run and how slowly it may be read. */
import { area, integer, setting } from './setting.ts';

export const exportsSettings = area(
  {
    EXPORT_DEADLINE_MS: setting(integer(100, 86_400_000), {
      default: '600000',
      text: 'an export still running after this long is cut and its slot freed',
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
  }),
);

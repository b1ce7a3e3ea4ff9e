/**
 * Rate limits: on mutations and expensive reads (server/http/rate-limit.ts), the routes' own
 * per-IP limits, and where they count.
 */
import { REPORTS_PER_MINUTE_DEFAULT } from '#domain/moderation-terms';
import { area, flag, integer, oneOf, setting } from './setting.ts';
import { DATABASE_URL } from './database.ts';
import { NODE_ENV } from './server.ts';

const perMinute = (fallback: string, text: string) =>
  setting(integer(1, 1_000_000), { default: fallback, text });
const routePerMinute = (fallback: string, text: string) =>
  setting(integer(1, 100_000), { default: fallback, text });

export const limitsSettings = area(
  {
    FEEDBACK_RATE_LIMIT: routePerMinute('5', 'feedback submissions per IP and minute (shared store)'),
    REPORT_RATE_LIMIT: routePerMinute(
      String(REPORTS_PER_MINUTE_DEFAULT),
      'reports to the moderators (`POST /api/reports`) per IP and minute (shared store)',
    ),
    RATE_LIMIT: setting(flag.optional(), {
      shown: '`true` (mutation, read and export limits `false` when `NODE_ENV=test`)',
      text: 'limits on mutating API requests and on expensive reads (429 problem with `Retry-After`); `false` turns every limit off, the per-route ones (`AUTH_RATE_LIMIT`, `PLACES_RATE_LIMIT`, `FEEDBACK_RATE_LIMIT`, `REPORT_RATE_LIMIT`, `SEARCH_RATE_LIMIT`, `IMAGE_LIST_RATE_LIMIT`, sitemap) included, for load tests',
    }),
    RATE_LIMIT_MUTATIONS_PER_MINUTE: perMinute('120', 'mutations one signed-in user may make per minute'),
    RATE_LIMIT_MUTATIONS_PER_IP_PER_MINUTE: perMinute(
      '1200',
      'mutations one IP address may make per minute, signed in or not',
    ),
    RATE_LIMIT_READS_PER_IP_PER_MINUTE: perMinute(
      '600',
      'API reads (`GET` of every `/api` route but the health probes, `/api/auth/providers`, `/api/places/provider`, upload processing status and the exports) one IP address may make per minute, signed in or not (one budget for all)',
    ),
    RATE_LIMIT_EXPORTS_PER_IP_PER_MINUTE: perMinute(
      '1',
      'exports (`GET /api/buildings/export`, `GET /api/lists/{id}/export`, `GET /api/users/{handle}/export`, together) one IP address may start per minute; one more is a 429 with `Retry-After`',
    ),
    SEARCH_RATE_LIMIT: routePerMinute(
      '30',
      'searches (`GET /api/search`) per IP and minute (shared store, like `AUTH_RATE_LIMIT`)',
    ),
    IMAGE_LIST_RATE_LIMIT: routePerMinute(
      '60',
      'pages of image lists (`GET /api/images/infinite-scroll`) per IP and minute (shared store; sitemap answers have a fixed 30: docs/api.md)',
    ),
    RATE_LIMIT_STORE: setting(oneOf(['memory', 'database']).optional(), {
      shown: '`database` with `DATABASE_URL`, else `memory`',
      text: 'where all those limits count: `database` (table `rate_limit_windows`, shared by all API processes) or `memory` (per process)',
    }),
  },
  { NODE_ENV, DATABASE_URL },
  (e) => ({
    /** Feedback submissions per IP and minute. */
    feedbackRateLimit: e.FEEDBACK_RATE_LIMIT,
    /** Reports (POST /api/reports) per IP and minute. */
    reportRateLimit: e.REPORT_RATE_LIMIT,
    /** Limits on mutations and expensive reads (server/http/rate-limit.ts); undefined turns them off. */
    rateLimit:
      (e.RATE_LIMIT ?? e.NODE_ENV !== 'test')
        ? {
            perUserPerMinute: e.RATE_LIMIT_MUTATIONS_PER_MINUTE,
            perIpPerMinute: e.RATE_LIMIT_MUTATIONS_PER_IP_PER_MINUTE,
            readsPerIpPerMinute: e.RATE_LIMIT_READS_PER_IP_PER_MINUTE,
            exportsPerIpPerMinute: e.RATE_LIMIT_EXPORTS_PER_IP_PER_MINUTE,
          }
        : undefined,
    /** Routes' own limits (AUTH_RATE_LIMIT, PLACES_RATE_LIMIT, FEEDBACK_RATE_LIMIT, …); off only with RATE_LIMIT=false. */
    routeRateLimits: e.RATE_LIMIT ?? true,
    /** Searches (GET /api/search) per IP and minute. */
    searchRateLimit: e.SEARCH_RATE_LIMIT,
    /** Pages of image lists (GET /api/images/infinite-scroll) per IP and minute. */
    imageListRateLimit: e.IMAGE_LIST_RATE_LIMIT,
    /**
     * Where those limits count: `database` (shared by all processes; the default with
     * DATABASE_URL) or `memory` (this process; the default on the embedded PGlite).
     */
    rateLimitStore: e.RATE_LIMIT_STORE ?? (e.DATABASE_URL ? 'database' : 'memory'),
  }),
);

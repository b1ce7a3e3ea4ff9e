/** The HTTP server's hardening: proxies it trusts, body depth and connection timeouts. */
import { z } from 'zod';
import { area, integer, refuse, setting } from './setting.ts';

const timeout = (fallback: string, text: string) =>
  setting(integer(100, 3_600_000), { default: fallback, text });

export const httpSettings = area(
  {
    TRUST_PROXY: setting(
      z
        .string()
        .trim()
        .refine((v) => v !== 'true', {
          message:
            "`true` trusts any client's X-Forwarded-For (the client could pick its own IP and get around every per-IP limit); set the number of proxies in front (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8)",
        })
        .refine((v) => v === 'true' || /^(false|\d+|[0-9a-fA-F:.,/\s]+)$/.test(v), {
          message: 'must be false, a hop count (e.g. 1) or a comma-separated list of proxy addresses/CIDRs',
        })
        .transform((v): false | number | string => {
          if (v === 'false' || v === '0') return false;
          if (/^\d+$/.test(v)) return Number(v);
          return v;
        }),
      {
        default: 'false',
        text: "behind a load balancer: the number of proxies in front (e.g. `1`) or their addresses/CIDRs (comma-separated); the client IP then comes from `X-Forwarded-For` and the balancer's `X-Request-Id` is kept. `true` is refused at start: it would let any client choose its IP",
      },
    ),
    JSON_MAX_DEPTH: setting(integer(2, 1000), {
      default: '32',
      text: 'deepest nesting of arrays/objects in a JSON request body (deeper: 400)',
    }),
    HTTP_REQUEST_TIMEOUT_MS: timeout(
      '300000',
      'longest time to receive a whole request (headers and body): 5 min, so a 25 MB upload still fits at ~0.7 Mbit/s; over it: 408 and the connection is closed',
    ),
    HTTP_HEADERS_TIMEOUT_MS: timeout(
      '20000',
      "longest time to receive a request's headers (not longer than `HTTP_REQUEST_TIMEOUT_MS`)",
    ),
    HTTP_IDLE_TIMEOUT_MS: timeout(
      '30000',
      'a connection on which the client sends nothing for this long during a request (a half-sent body) is closed',
    ),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: timeout(
      '72000',
      "an idle keep-alive connection between requests is closed after this; keep it above the balancer's idle timeout (60 s on AWS ALB)",
    ),
  },
  {},
  (e, ctx) => {
    if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
      return refuse(ctx, 'HTTP_HEADERS_TIMEOUT_MS', 'must not be longer than HTTP_REQUEST_TIMEOUT_MS');
    }
    return {
      /** Fastify's trustProxy: false, a hop count, or proxy addresses/CIDRs; never `true`. */
      trustProxy: e.TRUST_PROXY,
      /** Deepest nesting of arrays/objects a JSON body may have. */
      jsonMaxDepth: e.JSON_MAX_DEPTH,
      /** Timeouts of the HTTP server, in ms. */
      http: {
        requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
        headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
        idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
        keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
        /** How often Node checks request and headers timeouts (derived: a fraction of the shortest). */
        checkIntervalMs: Math.max(
          50,
          Math.min(30_000, Math.floor(Math.min(e.HTTP_REQUEST_TIMEOUT_MS, e.HTTP_HEADERS_TIMEOUT_MS) / 4)),
        ),
      },
    };
  },
);

/** Prometheus metrics on a listener of their own, never on the public port. */
import { area, integer, refuse, setting, text } from './setting.ts';
import { HOST, PORT } from './server.ts';

export const metricsSettings = area(
  {
    METRICS_PORT: setting(integer(0, 65535).optional(), {
      shown: 'unset (off)',
      text: 'Prometheus metrics at `GET /metrics` on this port, a listener of its own (never served on `PORT`); `npm run worker` serves its own on it too. What is measured and what to alert on: [docs/deploy.md](docs/deploy.md#metrics)',
    }),
    METRICS_HOST: setting(text.optional(), {
      shown: '`HOST`',
      text: 'address the metrics listener binds; keep it reachable by the scraper only',
    }),
  },
  { PORT, HOST },
  (e, ctx) => {
    if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
      return refuse(
        ctx,
        'METRICS_PORT',
        'must differ from PORT (metrics are never served on the public port)',
      );
    }
    return {
      /**
       * Prometheus metrics at GET /metrics on a listener of their own (METRICS_PORT, on
       * METRICS_HOST, default HOST); undefined (the default) serves none.
       */
      metrics:
        e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST ?? e.HOST },
    };
  },
);

/**
 * Product analytics (product §7: events fire for image upload and building creation when signed
 * in). One small interface; by default each event is one structured log line, and with
 * ANALYTICS_URL each event is POSTed there as JSON. Tracking never fails or slows a request.
 */
import type { FastifyBaseLogger } from 'fastify';

export type AnalyticsEventName = 'image_upload' | 'building_created';

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  user_id: number | null;
  properties: Record<string, string | number | boolean | null>;
}

/** What leaves the server: the event and when it happened. */
export interface AnalyticsRecord extends AnalyticsEvent {
  timestamp: string;
}

export interface Analytics {
  /** Records an event in the background; never throws. */
  track(event: AnalyticsEvent): void;
  /** Waits for events still being sent (on shutdown, in tests). */
  flush(): Promise<void>;
}

export const ANALYTICS_TIMEOUT_MS = 5000;

/** Each event as one `analytics event` log line at info level. */
export function logAnalytics(log: FastifyBaseLogger): Analytics {
  return {
    track(event) {
      log.info({ analytics: { ...event, timestamp: new Date().toISOString() } }, 'analytics event');
    },
    flush: async () => {},
  };
}

/** Each event POSTed as JSON to `url`, fire-and-forget; failures are logged as warnings. */
export function httpAnalytics(
  url: string,
  log: FastifyBaseLogger,
  timeoutMs = ANALYTICS_TIMEOUT_MS,
): Analytics {
  const inFlight = new Set<Promise<void>>();
  async function send(record: AnalyticsRecord): Promise<void> {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(record),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel();
      if (!res.ok)
        log.warn({ status: res.status, event: record.name }, 'analytics receiver refused an event');
    } catch (err) {
      log.warn({ err, event: record.name }, 'analytics event could not be sent');
    }
  }
  return {
    track(event) {
      const p = send({ ...event, timestamp: new Date().toISOString() });
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    },
    async flush() {
      await Promise.all([...inFlight]);
    },
  };
}

export function createAnalytics(url: string | undefined, log: FastifyBaseLogger): Analytics {
  return url ? httpAnalytics(url, log) : logAnalytics(log);
}

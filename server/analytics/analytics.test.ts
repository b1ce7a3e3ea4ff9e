import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { postBuilding } from '../test/fixtures.ts';
import { signIn } from '../test/sessions.ts';
import { insertBuilding, insertImage, insertStyle, userId } from '../test/targets.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { startAnalyticsReceiver, type AnalyticsReceiver } from '../test/analytics-receiver.ts';
import { createAnalytics, httpAnalytics, logAnalytics } from './analytics.ts';

let receiver: AnalyticsReceiver;
beforeAll(async () => {
  receiver = await startAnalyticsReceiver();
});
afterAll(async () => receiver?.close());

/** A logger whose lines are kept, parsed. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: {
      level: 'info',
      stream: { write: (l: string) => lines.push(JSON.parse(l) as Record<string, unknown>) },
    },
  });
  return { log: app.log, lines };
}

describe('analytics implementations', () => {
  it('logs each event as one structured line by default', async () => {
    const { log, lines } = capturedLogger();
    const analytics = createAnalytics(undefined, log);
    analytics.track({ name: 'building_created', user_id: 7, properties: { building_id: 3 } });
    await analytics.flush();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'analytics event',
      analytics: {
        name: 'building_created',
        user_id: 7,
        properties: { building_id: 3 },
        timestamp: expect.any(String) as unknown,
      },
    });
  });

  it('POSTs each event as JSON to ANALYTICS_URL', async () => {
    receiver.events.length = 0;
    const { log } = capturedLogger();
    const analytics = createAnalytics(receiver.url, log);
    analytics.track({ name: 'image_upload', user_id: 1, properties: { uploaded: 2 } });
    await analytics.flush();
    expect(receiver.events).toEqual([
      {
        name: 'image_upload',
        user_id: 1,
        properties: { uploaded: 2 },
        timestamp: expect.any(String) as unknown,
      },
    ]);
  });

  it('never throws: a refusing or unreachable receiver is logged as a warning', async () => {
    const { log, lines } = capturedLogger();
    receiver.status = 500;
    try {
      const refusing = httpAnalytics(receiver.url, log);
      expect(() => refusing.track({ name: 'image_upload', user_id: 1, properties: {} })).not.toThrow();
      await refusing.flush();
    } finally {
      receiver.status = 200;
    }
    const unreachable = httpAnalytics('http://127.0.0.1:9/events', log, 1000);
    unreachable.track({ name: 'image_upload', user_id: 1, properties: {} });
    await unreachable.flush();
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [40, 'analytics receiver refused an event'],
      [40, 'analytics event could not be sent'],
    ]);
    expect(logAnalytics(log).track({ name: 'image_upload', user_id: null, properties: {} })).toBeUndefined();
  });
});

describe('events of the API (product §7: image upload and building creation, when signed in)', () => {
  let t: TestApp;
  let ada: { cookie: string };
  let adaId: number;

  beforeAll(async () => {
    t = await createTestApp({ SEED: 'false', ANALYTICS_URL: receiver.url });
    ada = await signIn(t.app, 'ada');
    adaId = await userId(t.app.db, 'ada');
  });
  afterAll(async () => t?.close());

  it('fires building_created for a new building', async () => {
    receiver.events.length = 0;
    const style = await insertStyle(t.app.db, 'Gothic');
    const res = await postBuilding(t.app, ada, {
      name: 'Analytics Hall',
      year_built: 1900,
      coordinates: [12.5, 41.9],
      architectural_styles: [style],
      address: { line1: 'Via Roma, 1', country_code: 'IT' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.analytics.flush();
    expect(receiver.events).toEqual([
      {
        name: 'building_created',
        user_id: adaId,
        properties: {
          building_id: res.json<{ building: { id: number } }>().building.id,
          from_place: false,
          style_count: 1,
          country_code: 'IT',
        },
        timestamp: expect.any(String) as unknown,
      },
    ]);
  });

  it('fires image_upload with counts on confirm-upload', async () => {
    const buildingId = await insertBuilding(t.app.db, 'Upload House', adaId);
    const ready = await insertImage(t.app.db, buildingId, adaId);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/images/upload',
      headers: ada,
      payload: {
        buildingId,
        metadata: [
          { description: null, captureYear: null, type: 'exterior', fileExt: '.jpg' },
          { description: null, captureYear: null, type: 'interior', fileExt: '.png' },
        ],
      },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const [notPut, failed] = upload.json<{ images: { id: number }[] }>().images.map((i) => i.id);
    receiver.events.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/images/confirm-upload',
      headers: ada,
      payload: { successfulIds: [ready, notPut], failedIds: [failed] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.analytics.flush();
    expect(receiver.events).toEqual([
      {
        name: 'image_upload',
        user_id: adaId,
        properties: { uploaded: 1, missing: 1, failed: 1 },
        timestamp: expect.any(String) as unknown,
      },
    ]);
  });

  it('fires nothing for a refused request, and a failing receiver fails no request', async () => {
    receiver.events.length = 0;
    const refused = await t.app.inject({ method: 'POST', url: '/api/buildings/', payload: {} });
    expect(refused.statusCode).toBe(401);
    receiver.status = 503;
    try {
      const style = await insertStyle(t.app.db, 'Baroque');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/buildings/',
        headers: ada,
        payload: {
          name: 'Still Created',
          place_id: 'ChIJ123',
          year_built: null,
          year_demolished: null,
          description: null,
          coordinates: [-3.7, 40.4],
          architectural_styles: [style],
          address: { line1: 'Calle Mayor, 5', country_code: 'ES' },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      await t.app.analytics.flush();
    } finally {
      receiver.status = 200;
    }
    expect(receiver.events).toHaveLength(1);
    expect(receiver.events[0]).toMatchObject({ name: 'building_created', properties: { from_place: true } });
  });
});

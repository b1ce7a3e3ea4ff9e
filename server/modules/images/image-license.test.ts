/**
 * Photo licences and credits: the upload's licence and credit (default, choice,
 * refusal), both in image detail and lists, and the uploader's later change (only toward a more
 * open licence; another user gets 403 for a ready image, 404 for one only its uploader sees yet).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageListSchema, imageSchema, type Image } from '#domain/images';
import { images } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/sessions.ts';
import { insertBuilding } from '../../test/targets.ts';

let t: TestApp;
let ada: Record<string, string>;
let bob: Record<string, string>;
let buildingId: number;

const meta = { description: '', captureYear: null, type: 'exterior', fileExt: '.jpg' };

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  ada = { cookie: (await signIn(t.app, 'ada')).cookie };
  bob = { cookie: (await signIn(t.app, 'bob')).cookie };
  buildingId = await insertBuilding(t.app.db, 'Licensed House');
});

afterAll(async () => {
  await t?.close();
});

async function upload(metadata: object[], headers = ada) {
  return t.app.inject({
    method: 'POST',
    url: '/api/images/upload',
    headers,
    payload: { buildingId, metadata },
  });
}

async function uploadOne(extra: object = {}): Promise<number> {
  const res = await upload([{ ...meta, ...extra }]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ images: { id: number }[] }>().images[0]!.id;
}

async function getImage(id: number, headers = ada): Promise<Image> {
  const res = await t.app.inject({ method: 'GET', url: `/api/images/${id}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return imageSchema.parse(res.json());
}

const patch = (id: number, payload: object, headers: Record<string, string> = ada) =>
  t.app.inject({ method: 'PATCH', url: `/api/images/${id}`, headers, payload });

const imageCount = async () => (await t.app.db.select({ id: images.id }).from(images)).length;

describe('licence and credit at upload', () => {
  it("defaults to CC BY-SA 4.0 credited to the uploader's handle", async () => {
    const image = await getImage(await uploadOne());
    expect(image).toMatchObject({ license: 'CC-BY-SA-4.0', author: 'ada', author_is_set: false });
  });

  it('keeps the chosen licence and credit, trimmed', async () => {
    const cc0 = await getImage(await uploadOne({ license: 'CC0-1.0', author: '  Ada Lovelace ' }));
    expect(cc0).toMatchObject({ license: 'CC0-1.0', author: 'Ada Lovelace', author_is_set: true });
    const by = await getImage(await uploadOne({ license: 'CC-BY-4.0', author: '' }));
    expect(by).toMatchObject({ license: 'CC-BY-4.0', author: 'ada', author_is_set: false });
    const long = await getImage(await uploadOne({ author: 'x'.repeat(120) }));
    expect(long.author).toHaveLength(120);
  });

  it.each([
    [{ license: 'CC-BY-NC-4.0' }, 'license'],
    [{ license: 'cc0-1.0' }, 'license'],
    [{ license: 4 }, 'license'],
    [{ license: null }, 'license'],
    [{ author: 'x'.repeat(121) }, '120'],
    [{ author: 42 }, 'author'],
  ])('refuses %j with 400 problem JSON and stores nothing', async (extra, mentions) => {
    const before = await imageCount();
    // A valid file beside the bad one: the whole request is refused.
    const res = await upload([meta, { ...meta, ...extra }]);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toContain(mentions);
    expect(await imageCount()).toBe(before);
  });

  it('returns both in image lists', async () => {
    const id = await uploadOne({ license: 'CC-BY-4.0', author: 'Studio Ada' });
    await t.app.db
      .update(images)
      .set({ status: 'ready', renditions: { '400': 'x-400.webp', '1600': 'x-1600.webp' } })
      .where(eq(images.id, id));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/images/infinite-scroll?buildingId=${buildingId}`,
    });
    expect(res.statusCode).toBe(200);
    const item = imageListSchema.parse(res.json()).items.find((i) => i.id === id);
    expect(item).toMatchObject({ license: 'CC-BY-4.0', author: 'Studio Ada' });
  });
});

describe('PATCH /api/images/{id}: the uploader changes the credit later', () => {
  it('changes the credit, and null goes back to the handle', async () => {
    const id = await uploadOne();
    const set = await patch(id, { author: 'Ada L.' });
    expect(set.statusCode, set.body).toBe(200);
    expect(imageSchema.parse(set.json())).toMatchObject({ author: 'Ada L.', author_is_set: true });
    expect((await getImage(id)).author).toBe('Ada L.');
    const reset = await patch(id, { author: null });
    expect(reset.statusCode).toBe(200);
    expect(await getImage(id)).toMatchObject({ author: 'ada', author_is_set: false });
  });

  it('moves the licence only toward more open: BY-SA -> BY -> CC0, never back', async () => {
    const id = await uploadOne();
    expect((await patch(id, { license: 'CC-BY-4.0' })).statusCode).toBe(200);
    const back = await patch(id, { license: 'CC-BY-SA-4.0' });
    expect(back.statusCode).toBe(400);
    expect(back.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(back.json<{ detail: string }>().detail).toMatch(/more open/);
    expect((await getImage(id)).license).toBe('CC-BY-4.0');
    expect((await patch(id, { license: 'CC0-1.0' })).statusCode).toBe(200);
    expect((await patch(id, { license: 'CC-BY-4.0' })).statusCode).toBe(400);
    // The same licence again is no change, not a narrowing.
    expect((await patch(id, { license: 'CC0-1.0', author: 'Ada' })).statusCode).toBe(200);
    expect(await getImage(id)).toMatchObject({ license: 'CC0-1.0', author: 'Ada' });
  });

  it("answers another user's change or deletion of an unprocessed image with 404, as for an unknown one", async () => {
    // Until it is ready only its uploader sees it (GET answers 404 to others): an edit must not tell it exists.
    const id = await uploadOne({ author: 'Ada' });
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${id}`, headers: bob })).statusCode).toBe(
      404,
    );
    const res = await patch(id, { author: 'Bob took this', license: 'CC0-1.0' }, bob);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(await getImage(id)).toMatchObject({ author: 'Ada', license: 'CC-BY-SA-4.0' });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/images/${id}`, headers: bob });
    expect(del.statusCode).toBe(404);
    expect(del.json()).toMatchObject({
      status: 404,
      detail: expect.stringContaining('Image not found') as unknown,
    });
    expect(await getImage(id)).toMatchObject({ author: 'Ada' });
  });

  it.each([
    [{}, 400],
    [{ license: 'GPL-3.0' }, 400],
    [{ author: 'x'.repeat(121) }, 400],
    [{ author: 'ok', added_by: 2 }, 400],
  ])('answers %j with %i', async (payload, status) => {
    const id = await uploadOne();
    const res = await patch(id, payload);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers 401 signed out and 404 for an unknown image', async () => {
    const id = await uploadOne();
    expect((await patch(id, { author: 'x' }, {})).statusCode).toBe(401);
    expect((await patch(2147480000, { author: 'x' })).statusCode).toBe(404);
  });
});

/** POST, PUT and DELETE /api/buildings: validation, ownership, duplicates and cascades. */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertStyles } from '../../test/fixtures.ts';
import { signIn } from '../../test/sessions.ts';
import {
  buildings,
  buildingStyles,
  comments,
  images,
  listBuildings,
  lists,
  users,
  votes,
} from '../../db/schema.ts';
import { deleteBuilding } from './buildings.write.ts';
import { expectGridMatchesBuildings } from './buildings.test-support.ts';

let t: TestApp;
let styles: Map<string, number>;
let owner: { cookie: string };
let other: { cookie: string };

beforeAll(async () => {
  t = await createTestApp({ SEED: 'false' });
  styles = await insertStyles(t.app.db, ['Gothic', 'Modern', 'Baroque']);
  owner = await signIn(t.app, 'owner');
  other = await signIn(t.app, 'other');
});

afterAll(async () => {
  await t?.close();
});

let seq = 0;
/** A valid payload at a fresh spot (each call ~1 km east of the last). */
function payload(change: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `Building ${seq}`,
    place_id: null,
    year_built: 1920,
    year_demolished: null,
    description: 'Described',
    coordinates: [10 + seq * 0.01, 45],
    architectural_styles: [styles.get('Gothic')],
    address: {
      line1: `${seq} Main Street`,
      line2: null,
      line3: null,
      city: 'Town',
      state: null,
      postal_code: null,
      country_code: 'IT',
    },
    ...change,
  };
}

async function create(body: unknown, headers: { cookie?: string } = owner) {
  return t.app.inject({ method: 'POST', url: '/api/buildings/', headers, payload: body as object });
}

async function createOk(change: Record<string, unknown> = {}): Promise<number> {
  const res = await create(payload(change));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ building: { id: number } }>().building.id;
}

async function rowOf(id: number) {
  const [row] = await t.app.db.select().from(buildings).where(eq(buildings.id, id));
  return row;
}

describe('POST /api/buildings/', () => {
  it('adds a building with its styles and address and answers {building: {id}}', async () => {
    const res = await create(
      payload({
        name: '  Casa Batlló ',
        place_id: 'ChIJ-batllo',
        year_built: 1877,
        year_demolished: null,
        description: '',
        coordinates: [2.165, 41.3916],
        architectural_styles: [styles.get('Modern'), styles.get('Gothic'), styles.get('Modern')],
        address: { line1: 'Passeig de Gràcia, 43', city: 'Barcelona', country_code: 'es' },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { building } = res.json<{ building: { id: number } }>();
    const detail = await t.app.inject({ method: 'GET', url: `/api/buildings/${building.id}` });
    expect(detail.json()).toMatchObject({
      id: building.id,
      name: 'Casa Batlló',
      coordinates: [2.165, 41.3916],
      year_built: 1877,
      description: null,
      architectural_styles: [
        { id: styles.get('Gothic'), name: 'Gothic' },
        { id: styles.get('Modern'), name: 'Modern' },
      ],
      added_by: { handle: 'owner' },
      address: { line1: 'Passeig de Gràcia, 43', line2: null, city: 'Barcelona', country_code: 'ES' },
    });
    expect((await rowOf(building.id))?.place_id).toBe('ChIJ-batllo');
  });

  it('defaults the country to US', async () => {
    const id = await createOk({ address: { line1: '1 Elm Street' } });
    expect((await rowOf(id))?.country_code).toBe('US');
  });

  it('answers 401 when signed out, before looking at the body', async () => {
    const res = await create({}, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      status: 401,
      detail: 'You need to be logged in to perform this action.',
    });
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: '   ' }, 'Name is required'],
    [{ name: undefined }, 'Name is required'],
    [{ coordinates: [180.01, 10] }, 'Longitude must be between -180 and 180 degrees'],
    [{ coordinates: [-181, 10] }, 'Longitude must be between -180 and 180 degrees'],
    [{ coordinates: [10, 90.5] }, 'Latitude must be between -90 and 90 degrees'],
    [{ coordinates: [10, -91] }, 'Latitude must be between -90 and 90 degrees'],
    [{ coordinates: ['x', 10] }, 'Invalid longitude value'],
    [{ coordinates: [10, 'y'] }, 'Invalid latitude value'],
    [{ coordinates: null }, 'Invalid coordinates'],
    [{ coordinates: [1, 2, 3] }, 'Invalid coordinates'],
    [{ year_built: 2000, year_demolished: 1999 }, 'Year demolished cannot be before year built'],
    [{ year_built: 'old' }, 'Year built must be a whole number'],
    [{ year_built: 99999 }, 'Year built must be between -10000 and'],
    [{ year_demolished: -20000, year_built: null }, 'Year demolished must be between -10000 and'],
    [{ architectural_styles: [] }, 'Please select at least one architectural style'],
    [{ architectural_styles: [2147483648] }, 'Architectural styles must be style ids'],
    [{ architectural_styles: [-1] }, 'Architectural styles must be style ids'],
    [{ architectural_styles: [999999] }, 'Unknown architectural style: 999999'],
    [{ address: { line1: '' } }, 'Address line 1 is required'],
    [{ address: null }, 'Address line 1 is required'],
    [{ address: { line1: 'x', country_code: 'Italy' } }, 'Country must be a two-letter ISO code'],
    [{ description: 'x'.repeat(5001) }, 'Description can have at most 5000 characters'],
  ])('answers 400 for %j with "%s" and stores nothing', async (change, message) => {
    const before = await t.app.db.$count(buildings);
    const res = await create(payload(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json<{ detail: string }>().detail).toContain(message);
    expect(await t.app.db.$count(buildings)).toBe(before);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/buildings/',
      headers: { ...owner, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('duplicate buildings (design: same place_id, or the same normalised name within 50 m)', () => {
  it('answers 409 with building_id for the same place_id', async () => {
    const first = await createOk({ place_id: 'place-dup-1' });
    const res = await create(payload({ place_id: 'place-dup-1', name: 'Something else entirely' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'A building at this location already exists.',
      building_id: first,
    });
  });

  it('answers 409 for the same name, normalised, within 50 m', async () => {
    const first = await createOk({ name: 'Notre-Dame de Paris', coordinates: [2.3499, 48.853] });
    // About 30 m north-east, accents, case and punctuation aside.
    const res = await create(payload({ name: '  notre dame  DE Pâris! ', coordinates: [2.3502, 48.8532] }));
    expect(res.statusCode).toBe(409);
    expect(res.json<{ building_id: number }>().building_id).toBe(first);
  });

  it('accepts a similar name 200 m away, and another name at the same spot', async () => {
    await createOk({ name: 'Tour Eiffel', coordinates: [2.2945, 48.8584] });
    // 0.0018° of latitude is about 200 m.
    expect((await create(payload({ name: 'Tour Eiffel', coordinates: [2.2945, 48.8602] }))).statusCode).toBe(
      201,
    );
    expect(
      (await create(payload({ name: 'Tour Eiffel Café', coordinates: [2.2945, 48.8584] }))).statusCode,
    ).toBe(201);
  });

  it('finds a duplicate across the antimeridian', async () => {
    const first = await createOk({ name: 'Dateline Hut', coordinates: [179.9999, -16.5] });
    const res = await create(payload({ name: 'Dateline hut', coordinates: [-179.9999, -16.5] }));
    expect(res.statusCode).toBe(409);
    expect(res.json<{ building_id: number }>().building_id).toBe(first);
  });

  it('applies to edits too, but a building never duplicates itself', async () => {
    const a = await createOk({ name: 'Twin A', place_id: 'twin-a' });
    const bBody = payload({ name: 'Twin B' });
    const b = (await create(bBody)).json<{ building: { id: number } }>().building.id;
    const toA = await t.app.inject({
      method: 'PUT',
      url: `/api/buildings/${b}`,
      headers: owner,
      payload: { ...bBody, id: b, place_id: 'twin-a' },
    });
    expect(toA.statusCode).toBe(409);
    expect(toA.json<{ building_id: number }>().building_id).toBe(a);
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/buildings/${b}`,
      headers: owner,
      payload: { ...bBody, id: b },
    });
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe('PUT /api/buildings/{id}', () => {
  it('edits every field of the payload and keeps the address when it is left out', async () => {
    const id = await createOk();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/buildings/${id}`,
      headers: owner,
      payload: {
        id,
        name: 'Renamed',
        place_id: 'renamed-place',
        year_built: 1800,
        year_demolished: 1900,
        description: 'New text',
        coordinates: [-20, -30],
        architectural_styles: [styles.get('Baroque'), styles.get('Modern')],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ building: { id } });
    const row = await rowOf(id);
    expect(row).toMatchObject({
      name: 'Renamed',
      place_id: 'renamed-place',
      year_built: 1800,
      year_demolished: 1900,
      description: 'New text',
      lng: -20,
      lat: -30,
      address_line1: expect.stringMatching(/Main Street$/) as unknown,
      country_code: 'IT',
    });
    const links = await t.app.db
      .select({ style: buildingStyles.style_id })
      .from(buildingStyles)
      .where(eq(buildingStyles.building_id, id));
    expect(links.map((l) => l.style).sort()).toEqual([styles.get('Baroque'), styles.get('Modern')].sort());
    await expectGridMatchesBuildings(t.app.db);
  });

  it('answers 400 when the body id is not the path id', async () => {
    const id = await createOk();
    for (const bodyId of [id + 1000, 2147483648]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/buildings/${id}`,
        headers: owner,
        payload: { ...payload(), id: bodyId },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ detail: string }>().detail).toBe(
        'The id in the body does not match the building in the path',
      );
    }
  });

  it('validates like POST', async () => {
    const id = await createOk();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/buildings/${id}`,
      headers: owner,
      payload: { ...payload({ year_built: 1950, year_demolished: 1900 }), id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toContain('Year demolished cannot be before year built');
  });

  it('refuses another user with 403 and a signed-out one with 401, leaving the row as it was', async () => {
    const id = await createOk();
    const before = await rowOf(id);
    const body = { ...payload({ name: 'Hijacked' }), id };
    const forbidden = await t.app.inject({
      method: 'PUT',
      url: `/api/buildings/${id}`,
      headers: other,
      payload: body,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ status: 403, title: 'Forbidden' });
    const anonymous = await t.app.inject({ method: 'PUT', url: `/api/buildings/${id}`, payload: body });
    expect(anonymous.statusCode).toBe(401);
    expect(await rowOf(id)).toEqual(before);
  });

  it('answers 404 for a building that does not exist, and 400 for ids beyond int4', async () => {
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/buildings/987654',
      headers: owner,
      payload: { ...payload(), id: 987654 },
    });
    expect(missing.statusCode).toBe(404);
    const huge = await t.app.inject({
      method: 'PUT',
      url: '/api/buildings/2147483648',
      headers: owner,
      payload: { ...payload(), id: 2147483648 },
    });
    expect(huge.statusCode).toBe(400);
  });
});

describe('DELETE /api/buildings/{id}', () => {
  async function imageOf(
    buildingId: number,
    userId: number,
    key: string,
    renditions: Record<string, string> = {},
  ) {
    const [img] = await t.app.db
      .insert(images)
      .values({
        building_id: buildingId,
        added_by: userId,
        status: 'ready',
        image_type: 'exterior',
        storage_key: key,
        file_ext: '.jpg',
        renditions,
      })
      .returning({ id: images.id });
    return img!.id;
  }

  async function commentOn(
    userId: number,
    type: 'building' | 'image',
    targetId: number,
    parentId: number | null = null,
  ) {
    const [c] = await t.app.db
      .insert(comments)
      .values({
        user_id: userId,
        target_type: type,
        target_id: targetId,
        parent_id: parentId,
        content: 'Nice',
      })
      .returning({ id: comments.id });
    return c!.id;
  }

  it('removes the building with its images, votes, comments and list entries, and nothing else', async () => {
    const [ownerRow] = await t.app.db.select().from(users).where(eq(users.handle, 'owner'));
    const [otherRow] = await t.app.db.select().from(users).where(eq(users.handle, 'other'));
    const me = ownerRow!.id;
    const you = otherRow!.id;
    const doomed = await createOk();
    const kept = await createOk();

    const img1 = await imageOf(doomed, me, `images/${doomed}/aaaaaaaa-0000-0000-0000-000000000001.jpg`, {
      '400': `images/${doomed}/aaaaaaaa-0000-0000-0000-000000000001-400.webp`,
    });
    const img2 = await imageOf(doomed, you, `images/${doomed}/aaaaaaaa-0000-0000-0000-000000000002.jpg`);
    const keptImg = await imageOf(kept, you, `images/${kept}/aaaaaaaa-0000-0000-0000-000000000003.jpg`);
    await t.app.db.update(buildings).set({ cover_image_id: img1 }).where(eq(buildings.id, doomed));

    const onBuilding = await commentOn(you, 'building', doomed);
    const reply = await commentOn(me, 'building', doomed, onBuilding);
    const onImage = await commentOn(you, 'image', img2);
    const keptComment = await commentOn(you, 'building', kept);

    await t.app.db.insert(votes).values([
      { user_id: you, votable_type: 'building', votable_id: doomed, vote: 1 },
      { user_id: you, votable_type: 'image', votable_id: img1, vote: -1 },
      { user_id: me, votable_type: 'comment', votable_id: onBuilding, vote: 1 },
      { user_id: you, votable_type: 'comment', votable_id: reply, vote: -1 },
      { user_id: me, votable_type: 'comment', votable_id: onImage, vote: 1 },
      { user_id: you, votable_type: 'building', votable_id: kept, vote: 1 },
      { user_id: you, votable_type: 'image', votable_id: keptImg, vote: 0 },
      { user_id: me, votable_type: 'comment', votable_id: keptComment, vote: 1 },
    ]);
    const [list] = await t.app.db.insert(lists).values({ user_id: you, name: 'Favourites' }).returning();
    await t.app.db.insert(listBuildings).values([
      { list_id: list!.id, building_id: doomed },
      { list_id: list!.id, building_id: kept },
    ]);

    const forbidden = await t.app.inject({
      method: 'DELETE',
      url: `/api/buildings/${doomed}`,
      headers: other,
    });
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/buildings/${doomed}` });
    expect(anonymous.statusCode).toBe(401);
    expect(await rowOf(doomed)).toBeDefined();
    expect(await t.app.db.$count(votes)).toBe(8);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/buildings/${doomed}`, headers: owner });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect(await rowOf(doomed)).toBeUndefined();
    expect(await t.app.db.$count(images, eq(images.building_id, doomed))).toBe(0);
    expect(await t.app.db.$count(comments, inArray(comments.id, [onBuilding, reply, onImage]))).toBe(0);
    expect(await t.app.db.$count(listBuildings, eq(listBuildings.building_id, doomed))).toBe(0);
    expect(await t.app.db.$count(buildingStyles, eq(buildingStyles.building_id, doomed))).toBe(0);
    const left = await t.app.db.select().from(votes);
    expect(left.map((v) => [v.votable_type, v.votable_id]).sort()).toEqual(
      [
        ['building', kept],
        ['comment', keptComment],
        ['image', keptImg],
      ].sort(),
    );
    expect(await t.app.db.$count(comments, eq(comments.id, keptComment))).toBe(1);
    expect(
      await t.app.db.$count(
        listBuildings,
        and(eq(listBuildings.list_id, list!.id), eq(listBuildings.building_id, kept)),
      ),
    ).toBe(1);
    expect(await t.app.db.$count(images, eq(images.id, keptImg))).toBe(1);
    await expectGridMatchesBuildings(t.app.db);

    const again = await t.app.inject({ method: 'DELETE', url: `/api/buildings/${doomed}`, headers: owner });
    expect(again.statusCode).toBe(404);
  });

  it('hands back the storage keys of the images (originals and renditions) for removal after commit', async () => {
    const [ownerRow] = await t.app.db.select().from(users).where(eq(users.handle, 'owner'));
    const id = await createOk();
    await imageOf(id, ownerRow!.id, `images/${id}/bbbbbbbb-0000-0000-0000-000000000001.png`, {
      '400': `images/${id}/bbbbbbbb-0000-0000-0000-000000000001-400.webp`,
      '1600': `images/${id}/bbbbbbbb-0000-0000-0000-000000000001-1600.webp`,
    });
    const { storageKeys } = await deleteBuilding(t.app.db, id, { id: ownerRow!.id, role: 'user' });
    expect(storageKeys.sort()).toEqual(
      [
        `images/${id}/bbbbbbbb-0000-0000-0000-000000000001.png`,
        `images/${id}/bbbbbbbb-0000-0000-0000-000000000001-400.webp`,
        `images/${id}/bbbbbbbb-0000-0000-0000-000000000001-1600.webp`,
      ].sort(),
    );
  });

  it('removes the stored files from object storage once the deletion committed', async () => {
    const [ownerRow] = await t.app.db.select().from(users).where(eq(users.handle, 'owner'));
    const id = await createOk();
    const original = `images/${id}/cccccccc-0000-0000-0000-000000000001.jpg`;
    const rendition = `images/${id}/cccccccc-0000-0000-0000-000000000001-400.webp`;
    await t.app.storage.write(original, Buffer.from('jpeg bytes'), 'image/jpeg');
    await t.app.storage.write(rendition, Buffer.from('webp bytes'), 'image/webp');
    await imageOf(id, ownerRow!.id, original, { '400': rendition });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/buildings/${id}`, headers: owner });
    expect(res.statusCode).toBe(204);
    expect(await t.app.storage.stat(original)).toBeNull();
    expect(await t.app.storage.stat(rendition)).toBeNull();
  });

  it.each(['abc', '0', '2147483648'])('answers 400 for the id %s', async (id) => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/buildings/${id}`, headers: owner });
    expect(res.statusCode).toBe(400);
  });
});

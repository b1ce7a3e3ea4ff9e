/**
 * Architects as governed records, through the API: one record per name ignoring case and accents
 * on every write path, names changed only by moderators (kept as revisions), merges that move the
 * buildings and redirect the old page, architects without a visible building neither suggested,
 * listed nor shown, and an architect page that one user's flood of works cannot take over. Each
 * rule with a request from a visitor, a user, the building's owner, a moderator and an admin.
 * Runs on PGlite, and on PostgreSQL with TEST_DB_ENGINE=postgres.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { ArchitectDetail, ArchitectRevision } from '#domain/architects';
import type { ModerationLogEntry } from '#domain/moderation';
import { architects, buildingArchitects, buildings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertStyles } from '../../test/fixtures.ts';
import { signIn } from '../../test/sessions.ts';
import { userId } from '../../test/targets.ts';
import { setRoleByHandle } from '../moderation/roles.service.ts';

let t: TestApp;
let webDir: string;
let styleId: number;
type Headers = { cookie: string };
let owner: Headers;
let user: Headers;
let mod: Headers;
let admin: Headers;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-architects-'));
  await fs.writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8" /><title>Atlas</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ SEED: 'false', AUTH_RATE_LIMIT: '100000' }, { config: { webDir } });
  styleId = (await insertStyles(t.app.db, ['Modernisme'])).get('Modernisme')!;
  owner = await signIn(t.app, 'owner');
  user = await signIn(t.app, 'someone');
  mod = await signIn(t.app, 'mod');
  await setRoleByHandle(t.app.db, 'mod', 'moderator');
  admin = await signIn(t.app, 'root');
  await setRoleByHandle(t.app.db, 'root', 'admin');
});
afterAll(async () => {
  await t?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

let seq = 0;
function payload(change: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `Casa ${seq}`,
    place_id: null,
    year_built: 1880 + seq,
    year_demolished: null,
    description: null,
    coordinates: [2 + seq * 0.001, 41.4],
    architectural_styles: [styleId],
    address: { line1: `${seq} Carrer`, city: 'Barcelona', country_code: 'ES' },
    ...change,
  };
}

async function create(architectNames: string[], headers: Headers = owner) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/buildings/',
    headers,
    payload: payload({ architects: architectNames }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ building: { id: number } }>().building.id;
}

async function architectsOf(buildingId: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/buildings/${buildingId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ architects: { id: number; name: string }[] }>().architects;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const rename = (id: number, name: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PATCH', url: `/api/architects/${id}`, headers, payload: { name } });
const merge = (id: number, into: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/moderation/architects/${id}/merge`,
    headers,
    payload: { into },
  });
const suggested = async (q: string) =>
  (await get(`/api/architects?q=${encodeURIComponent(q)}`))
    .json<{ items: { id: number }[] }>()
    .items.map((i) => i.id);
const log = async () =>
  (await get('/api/moderation/log?per_page=100', mod)).json<{ items: ModerationLogEntry[] }>().items;

describe('one architect per name, ignoring case and accents, on every write path', () => {
  it('"Gaudí", "gaudi", "GAUDÍ" and "Gaudí " on new buildings and on an edit all link to one record', async () => {
    const first = await create(['Gaudí']);
    const [gaudi] = await architectsOf(first);
    for (const spelling of ['gaudi', 'GAUDÍ', 'Gaudí ']) {
      const id = await create([spelling], user);
      expect(await architectsOf(id)).toEqual([{ id: gaudi!.id, name: 'Gaudí' }]);
    }
    const edited = await create([]);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/buildings/${edited}`,
      headers: owner,
      payload: { ...payload(), id: edited, architects: ['  gAuDi'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await architectsOf(edited)).toEqual([{ id: gaudi!.id, name: 'Gaudí' }]);
    const rows = await t.app.db.select().from(architects).where(eq(architects.name_key, 'gaudi'));
    expect(rows).toHaveLength(1);
  });
});

describe('PATCH /api/architects/{id}: the name changes only through a moderator', () => {
  it("refuses a visitor (401), a user and the building's owner (403); a user's spelling never renames", async () => {
    const building = await create(['SHIGERU 💩 ban ☠']);
    const [shigeru] = await architectsOf(building);
    expect((await rename(shigeru!.id, 'Shigeru Ban')).statusCode).toBe(401);
    for (const headers of [user, owner]) {
      const res = await rename(shigeru!.id, 'Shigeru Ban', headers);
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    // Another spelling typed on an edit links to the record; it does not change its name.
    await create(['shigeru BAN'], user);
    expect((await architectsOf(building))[0]!.name).toBe('SHIGERU 💩 ban ☠');
    expect((await get(`/api/architects/${shigeru!.id}/revisions`)).json()).toEqual({ items: [] });
  });

  it('a moderator and an admin rename it: the name shows everywhere, each rename a revision, newest first, logged', async () => {
    const building = await create(['KENGO 💩 kuma ☠']);
    const [shigeru] = await architectsOf(building);
    const byMod = await rename(shigeru!.id, 'Kengo Kuma', mod);
    expect(byMod.statusCode, byMod.body).toBe(200);
    expect(byMod.json()).toEqual({ id: shigeru!.id, name: 'Kengo Kuma' });
    expect((await architectsOf(building))[0]!.name).toBe('Kengo Kuma');
    expect((await get(`/api/architects/${shigeru!.id}`)).json<ArchitectDetail>().name).toBe('Kengo Kuma');
    const byAdmin = await rename(shigeru!.id, 'Kengo Kuma & Associates', admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const revisions = (await get(`/api/architects/${shigeru!.id}/revisions`)).json<{
      items: ArchitectRevision[];
    }>().items;
    expect(revisions.map((r) => [r.author?.handle, r.changes.name])).toEqual([
      ['root', { from: 'Kengo Kuma', to: 'Kengo Kuma & Associates' }],
      ['mod', { from: 'KENGO 💩 kuma ☠', to: 'Kengo Kuma' }],
    ]);
    const entries = (await log()).filter((e) => e.action === 'rename' && e.target_id === shigeru!.id);
    expect(entries.map((e) => e.actor?.handle)).toEqual(['root', 'mod']);
    // The same name again changes nothing and writes no revision.
    expect((await rename(shigeru!.id, 'Kengo Kuma & Associates', mod)).statusCode).toBe(200);
    expect(
      (await get(`/api/architects/${shigeru!.id}/revisions`)).json<{ items: unknown[] }>().items,
    ).toHaveLength(2);
  });

  it("409 for another architect's name (ignoring case and accents): they are one, merge them; 404 and 400", async () => {
    const [a] = await architectsOf(await create(['Lluís Domènech i Montaner']));
    const [b] = await architectsOf(await create(['Domenech Montaner']));
    const res = await rename(b!.id, 'LLUIS DOMENECH I MONTANER', mod);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toContain(`(${a!.id})`);
    expect((await rename(999999, 'Anyone', mod)).statusCode).toBe(404);
    for (const name of ['', '   ', '---', 'x'.repeat(121), 42]) {
      expect((await rename(b!.id, name, mod)).statusCode, JSON.stringify(name)).toBe(400);
    }
    expect((await get(`/api/architects/999999/revisions`)).statusCode).toBe(404);
  });
});

describe('POST /api/moderation/architects/{id}/merge', () => {
  it('refuses a visitor (401) and a user or owner (403), changing nothing', async () => {
    const [a] = await architectsOf(await create(['Josep Puig']));
    const [b] = await architectsOf(await create(['Puig i Cadafalch']));
    expect((await merge(a!.id, b!.id)).statusCode).toBe(401);
    for (const headers of [user, owner]) expect((await merge(a!.id, b!.id, headers)).statusCode).toBe(403);
    expect((await get(`/api/architects/${a!.id}`)).statusCode).toBe(200);
  });

  it('moves the buildings over in one go, redirects the old page and API address, and the old spelling finds the new record', async () => {
    const onlyOld = await create(['Josep Maria Jujol']);
    const both = await create(['Jujol', 'Josep Maria Jujol']);
    const [old] = await architectsOf(onlyOld);
    const into = (await architectsOf(both)).find((a) => a.name === 'Jujol')!;
    // An architect merged into the old one earlier follows it to the new one.
    const [earlier] = await architectsOf(await create(['J. M. Jujol i Gibert']));
    expect((await merge(earlier!.id, old!.id, admin)).statusCode).toBe(200);

    const res = await merge(old!.id, into.id, mod);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: into.id, merged: old!.id, moved: 3 });
    expect(await architectsOf(onlyOld)).toEqual([into]);
    // A building linked to both keeps one link, in its first place.
    expect(await architectsOf(both)).toEqual([into]);
    expect(await t.app.db.select().from(architects).where(eq(architects.id, old!.id))).toEqual([]);

    for (const gone of [old!.id, earlier!.id]) {
      const api = await get(`/api/architects/${gone}?page=1`);
      expect(api.statusCode).toBe(301);
      expect(api.headers.location).toBe(`/api/architects/${into.id}?page=1`);
      const page = await get(`/architects/${gone}`);
      expect(page.statusCode).toBe(301);
      expect(page.headers.location).toBe(`/architects/${into.id}`);
    }
    const followed = (await get(`/api/architects/${into.id}`)).json<ArchitectDetail>();
    expect(followed.buildings.map((b) => b.id).sort()).toEqual(
      [onlyOld, both, ...(await linkedTo(into.id))].filter((v, i, a) => a.indexOf(v) === i).sort(),
    );

    // The merged spellings, typed again, link to the record that stayed instead of a new duplicate.
    for (const spelling of ['josep maria JUJOL', 'J M Jujol i Gibert']) {
      expect(await architectsOf(await create([spelling], user))).toEqual([into]);
    }
    const entries = (await log()).filter((e) => e.action === 'merge' && e.target_type === 'architect');
    expect(entries.map((e) => [e.actor?.handle, e.target_id])).toEqual([
      ['mod', old!.id],
      ['root', earlier!.id],
    ]);
  });

  it('400 for itself, 404 for an unknown architect on either side, 400 for a bad body', async () => {
    const [a] = await architectsOf(await create(['Enric Sagnier']));
    expect((await merge(a!.id, a!.id, mod)).statusCode).toBe(400);
    expect((await merge(999999, a!.id, mod)).statusCode).toBe(404);
    expect((await merge(a!.id, 999999, mod)).statusCode).toBe(404);
    expect((await merge(a!.id, 'x', mod)).statusCode).toBe(400);
    expect((await get(`/api/architects/${a!.id}`)).statusCode).toBe(200);
  });

  it('a moderator may give a merged spelling to another architect by a rename; that spelling then finds it', async () => {
    const [a] = await architectsOf(await create(['Rafael Masó']));
    const [b] = await architectsOf(await create(['Maso Rafael']));
    expect((await merge(b!.id, a!.id, mod)).statusCode).toBe(200);
    const [c] = await architectsOf(await create(['Rafel Masó Valentí']));
    expect((await rename(c!.id, 'Masó Rafael', mod)).statusCode).toBe(200);
    expect(await architectsOf(await create(['maso rafael'], user))).toEqual([
      { id: c!.id, name: 'Masó Rafael' },
    ]);
    // The old page still goes to the architect it was merged into.
    expect((await get(`/api/architects/${b!.id}`)).headers.location).toBe(`/api/architects/${a!.id}`);
  });
});

describe('renames and merges in a row', () => {
  it('an architect renamed to a spelling merged into it, then merged on, takes that spelling along', async () => {
    const [a] = await architectsOf(await create(['Cèsar Martinell']));
    const [b] = await architectsOf(await create(['Martinell i Brunet']));
    const [c] = await architectsOf(await create(['Cesar Martinell Brunet']));
    expect((await merge(a!.id, b!.id, mod)).statusCode).toBe(200);
    expect((await rename(b!.id, 'CÈSAR MARTINELL', mod)).statusCode).toBe(200);
    const res = await merge(b!.id, c!.id, mod);
    expect(res.statusCode, res.body).toBe(200);
    expect(await architectsOf(await create(['cesar martinell'], user))).toEqual([c]);
    for (const gone of [a!.id, b!.id]) {
      expect((await get(`/api/architects/${gone}`)).headers.location).toBe(`/api/architects/${c!.id}`);
    }
  });
});

async function linkedTo(architectId: number): Promise<number[]> {
  const rows = await t.app.db
    .select({ id: buildingArchitects.building_id })
    .from(buildingArchitects)
    .where(eq(buildingArchitects.architect_id, architectId));
  return rows.map((r) => r.id);
}

describe('an architect with no visible building', () => {
  it('is not suggested, its API detail and page are 404, for everyone; restored, it comes back', async () => {
    const building = await create(['Zzyzx Hidden Architect']);
    const [hidden] = await architectsOf(building);
    expect(await suggested('zzyzx')).toEqual([hidden!.id]);
    expect((await get('/api/architects?q=')).statusCode).toBe(200);
    await t.app.db.update(buildings).set({ hidden_at: new Date() }).where(eq(buildings.id, building));

    expect(await suggested('zzyzx')).toEqual([]);
    const listed = (await get('/api/architects?q=')).json<{ items: { id: number }[] }>().items;
    expect(listed.map((i) => i.id)).not.toContain(hidden!.id);
    for (const headers of [{}, owner, mod]) {
      const res = await get(`/api/architects/${hidden!.id}`, headers);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    const page = await get(`/architects/${hidden!.id}`);
    expect(page.statusCode).toBe(404);
    const search = (await get('/api/search?q=zzyzx')).json<{ results?: { type: string }[] }>();
    expect(JSON.stringify(search)).not.toContain('Zzyzx Hidden Architect');

    await t.app.db.update(buildings).set({ hidden_at: null }).where(eq(buildings.id, building));
    expect((await get(`/api/architects/${hidden!.id}`)).statusCode).toBe(200);
    expect((await get(`/architects/${hidden!.id}`)).statusCode).toBe(200);
  });

  it('an architect whose buildings are all deleted is not suggested either', async () => {
    const building = await create(['Qwertz Gone']);
    await t.app.inject({ method: 'DELETE', url: `/api/buildings/${building}`, headers: owner });
    expect(await suggested('qwertz')).toEqual([]);
  });
});

describe("the architect page's order: one user's flood cannot push the others off", () => {
  it('500 unvoted works by one user come after the voted works and after every other adder’s first work; paged', async () => {
    const [gaudi] = await architectsOf(await create(['Antoni Flood Gaudí'], user));
    const firstByUser = (await linkedTo(gaudi!.id))[0]!;
    await signIn(t.app, 'flooder');
    const flooderId = await userId(t.app.db, 'flooder');
    const ownerId = await userId(t.app.db, 'owner');
    const flood = await t.app.db
      .insert(buildings)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          name: `Fake work ${i}`,
          lng: 2 + i * 0.0001,
          lat: 41,
          year_built: 1800 + (i % 100),
          added_by: flooderId,
        })),
      )
      .returning({ id: buildings.id });
    // The real works: two voted, one not, by another user, and all later than the flood's years.
    const real = await t.app.db
      .insert(buildings)
      .values([
        { name: 'Sagrada Família', lng: 2.17, lat: 41.4, year_built: 1882, added_by: ownerId, upvotes: 9 },
        {
          name: 'Casa Batlló',
          lng: 2.16,
          lat: 41.39,
          year_built: 1904,
          added_by: ownerId,
          upvotes: 4,
          downvotes: 1,
        },
        { name: 'Casa Vicens', lng: 2.15, lat: 41.4, year_built: 1885, added_by: ownerId },
      ])
      .returning({ id: buildings.id });
    await t.app.db
      .insert(buildingArchitects)
      .values([...flood, ...real].map((b) => ({ building_id: b.id, architect_id: gaudi!.id })));

    const page1 = (await get(`/api/architects/${gaudi!.id}`)).json<ArchitectDetail>();
    expect(page1).toMatchObject({ total: 504, page: 1, per_page: 24, pages: 21 });
    expect(page1.buildings).toHaveLength(24);
    const ids = page1.buildings.map((b) => b.id);
    // Most net votes first.
    expect(ids.slice(0, 2)).toEqual([real[0]!.id, real[1]!.id]);
    // Then each adder's best in turn: the other users' unvoted works are on the first page too.
    expect(new Set(ids.slice(2, 5))).toEqual(new Set([real[2]!.id, firstByUser, flood[0]!.id]));
    const floodOnPage = ids.filter((id) => flood.some((f) => f.id === id));
    expect(floodOnPage).toHaveLength(24 - 4);

    // Every work once across the pages, none twice.
    const seen = new Set<number>();
    for (let page = 1; page <= 6; page += 1) {
      const res = await get(`/api/architects/${gaudi!.id}?page=${page}&per_page=100`);
      expect(res.statusCode).toBe(200);
      for (const b of res.json<ArchitectDetail>().buildings) seen.add(b.id);
    }
    expect(seen.size).toBe(504);
    expect(
      (await get(`/api/architects/${gaudi!.id}?page=7&per_page=100`)).json<ArchitectDetail>().buildings,
    ).toEqual([]);
    expect((await get(`/api/architects/${gaudi!.id}?per_page=101`)).statusCode).toBe(400);
    expect((await get(`/api/architects/${gaudi!.id}?page=0`)).statusCode).toBe(400);

    // A hidden work does not count nor show.
    await t.app.db.update(buildings).set({ hidden_at: new Date() }).where(eq(buildings.id, real[0]!.id));
    const after = (await get(`/api/architects/${gaudi!.id}`)).json<ArchitectDetail>();
    expect(after.total).toBe(503);
    expect(after.buildings[0]!.id).toBe(real[1]!.id);
    await t.app.db.delete(buildings).where(
      inArray(
        buildings.id,
        [...flood, ...real].map((b) => b.id),
      ),
    );
  });
});

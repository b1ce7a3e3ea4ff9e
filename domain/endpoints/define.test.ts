/**
 * defineEndpoint adds the standard problems, so a description lists only what is particular to it;
 * queryString writes a query as the server reads it.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { problemSchema } from '../problem.ts';
import { buildingEndpoints } from './buildings.ts';
import {
  apiUrl,
  defineEndpoint,
  endpointPath,
  problems,
  queryString,
  read,
  record,
  write,
  type QueryMember,
} from './define.ts';
import { allEndpoints } from './index.ts';

const statuses = (endpoint: { responses: object }) => Object.keys(endpoint.responses).map(Number);

describe('defineEndpoint', () => {
  const ok = z.object({ ok: z.boolean() });
  const params = z.object({ id: z.coerce.number() });

  it('adds 400 for params, query or body, 401 for auth required, 404 for params', () => {
    expect(statuses(defineEndpoint('GET', '/a', { auth: 'none', responses: { 200: ok } }))).toEqual([200]);
    expect(
      statuses(defineEndpoint('GET', '/a', { auth: 'none', query: ok, responses: { 200: ok } })),
    ).toEqual([200, 400]);
    const write = defineEndpoint('PUT', '/a/:id', {
      auth: 'required',
      params,
      body: ok,
      responses: { 200: ok },
    });
    expect(statuses(write)).toEqual([200, 400, 401, 404]);
    expect(write.responses[404]).toBe(problemSchema);
    expect(write).toMatchObject({ method: 'PUT', path: '/a/:id', auth: 'required', params, body: ok });
    expectTypeOf<keyof typeof write.responses>().toEqualTypeOf<200 | 400 | 401 | 404>();
  });

  it('keeps what the description lists over a standard problem, and adds its special errors', () => {
    const special = z.object({ id: z.number() });
    const e = defineEndpoint('POST', '/a', {
      auth: 'required',
      body: ok,
      responses: { 201: ok, 400: special, ...problems(409) },
    });
    expect(statuses(e)).toEqual([201, 400, 401, 409]);
    expect(e.responses[400]).toBe(special);
    expectTypeOf(e.responses[400]).toEqualTypeOf(special);
  });

  it('adds nothing with standardProblems: false', () => {
    const e = defineEndpoint('GET', '/a/:id', {
      auth: 'required',
      params,
      standardProblems: false,
      responses: { 200: ok, ...problems(404) },
    });
    expect(statuses(e)).toEqual([200, 404]);
    expect('standardProblems' in e).toBe(false);
    expectTypeOf<keyof typeof e.responses>().toEqualTypeOf<200 | 404>();
  });
});

describe('read and write (shorthands: a GET for anyone, a signed-in write, on a path or a record)', () => {
  const ok = z.object({ ok: z.boolean() });
  const params = z.object({ id: z.coerce.number() });
  const query = z.object({ page: z.coerce.number() });
  const body = z.object({ name: z.string() });
  const thing = record('/things/:id', params);

  it('describes what defineEndpoint describes, to the value and the type', () => {
    const pairs = [
      [
        read('/things/', { query, responses: { 200: ok } }),
        defineEndpoint('GET', '/things/', { auth: 'optional', query, responses: { 200: ok } }),
      ],
      [
        read('/things/count', { auth: 'none', responses: { 200: ok } }),
        defineEndpoint('GET', '/things/count', { auth: 'none', responses: { 200: ok } }),
      ],
      [
        read(thing, '/parts', { query, responses: { 200: ok } }),
        defineEndpoint('GET', '/things/:id/parts', {
          auth: 'optional',
          params,
          query,
          responses: { 200: ok },
        }),
      ],
      [
        write('POST', '/things/', { body, responses: { 201: ok } }),
        defineEndpoint('POST', '/things/', { auth: 'required', body, responses: { 201: ok } }),
      ],
      [
        write('DELETE', thing, '', { responses: { 204: z.null(), ...problems(403) } }),
        defineEndpoint('DELETE', '/things/:id', {
          auth: 'required',
          params,
          responses: { 204: z.null(), ...problems(403) },
        }),
      ],
    ] as const;
    for (const [short, long] of pairs) expect(short).toEqual(long);

    expectTypeOf(read(thing, '/parts', { query, responses: { 200: ok } })).toEqualTypeOf(
      defineEndpoint('GET', '/things/:id/parts', { auth: 'optional', params, query, responses: { 200: ok } }),
    );
    expectTypeOf(write('PUT', thing, '', { body, responses: { 200: ok } })).toEqualTypeOf(
      defineEndpoint('PUT', '/things/:id', { auth: 'required', params, body, responses: { 200: ok } }),
    );
  });
});

describe('queryString (the one way a query is written: as the server reads it)', () => {
  it('writes members in order: numbers and booleans as text, lists comma-joined', () => {
    expect(
      queryString({ page: 2, north: 52.5, west: -0.5, archStyles: [3, 7], draft: true, hidden: false }),
    ).toBe('page=2&north=52.5&west=-0.5&archStyles=3%2C7&draft=true&hidden=false');
  });

  it('leaves out undefined members and empty lists, but keeps 0 and the empty text', () => {
    expect(queryString({ a: undefined, styles: [], year: 0, q: '' })).toBe('year=0&q=');
    expect(queryString({})).toBe('');
    expect(queryString()).toBe('');
  });

  it('form-encodes names and values as URLSearchParams does (a space is +)', () => {
    expect(queryString({ q: 'art deco & more', input: 'Zürich/Öst?', 'a b': '=' })).toBe(
      'q=art+deco+%26+more&input=Z%C3%BCrich%2F%C3%96st%3F&a+b=%3D',
    );
  });
});

describe('endpointPath and apiUrl (the path params filled in, then the query)', () => {
  const e = defineEndpoint('GET', '/lists/:id/export', {
    auth: 'none',
    params: z.object({ id: z.string() }),
    query: z.object({ format: z.enum(['csv', 'geojson']), note: z.string().optional() }),
    responses: { 200: z.string() },
  });

  it('adds the query after a ?, and no ? without one', () => {
    expect(endpointPath(e, { params: { id: 'a/b' }, query: { format: 'csv' } })).toBe(
      '/lists/a%2Fb/export?format=csv',
    );
    expect(apiUrl(e, { params: { id: 3 }, query: { format: 'csv', note: undefined } })).toBe(
      '/api/lists/3/export?format=csv',
    );
    expect(apiUrl(buildingEndpoints.list)).toBe('/api/buildings/');
  });
});

/**
 * A query of each endpoint that takes one, as the server reads it, by 'tag.name'. A member may be
 * given as the value its schema reads it into (EndpointQuery): written back by queryString, it
 * must read to the same value, for every endpoint (a new one needs a line here).
 */
const samples: Record<string, Record<string, string>> = {
  'buildings.list': {
    north: '52.5',
    south: '51',
    east: '0.5',
    west: '-0.5',
    builtAfterDate: '-500',
    builtBeforeDate: '1950',
    archStyles: '7,3,7',
    standingInYear: '1935',
    needsPhotos: 'true',
    vote_user_handle: 'ada',
    vote_type: 'frown',
    sort_by: 'distance',
    near: '48.8566,2.3522',
    sort_order: 'asc',
    page: '2',
    per_page: '12',
  },
  'buildings.geojson': { north: '1', south: '0', east: '1', west: '0', zoom: '4.5', needsPhotos: 'false' },
  'images.list': {
    userHandle: 'ada',
    userVoteType: 'smile',
    imageTypes: 'exterior, interior',
    sortBy: 'vote_date',
  },
  'images.receiveUpload': { expires: '1790000000', signature: 'c2lnbmVk' },
  'comments.list': { page: '3', per_page: '2', sort: 'popular' },
  'comments.replies': { page: '1', per_page: '20' },
  'search.search': { q: ' art deco ', limit: '5' },
  'architects.suggest': { q: 'Zaha' },
  'architects.get': { page: '2', per_page: '24' },
  'places.countryAt': { lng: '-0.1276', lat: '51.5072' },
  'places.autocomplete': { input: 'Villa Sav', session_token: '6f1c2a9e-0b7d-4c1e-9a53-2d8e4b7f1c00' },
  'places.details': { session_token: '6f1c2a9e-0b7d-4c1e-9a53-2d8e4b7f1c00' },
  'export.catalogue': { format: 'csv', archStyles: '2', standingInYear: '-10000', needsPhotos: 'true' },
  'export.list': { format: 'gpx', start: '12' },
  'lists.route': { start: '12' },
  'locator.picture': { lng: '2.35', lat: '48.86', scheme: 'dark', v: '3' },
  'moderation.queue': { status: 'resolved' },
  'moderation.log': { page: '2', per_page: '50' },
  'users.remove': { remove_buildings: 'true' },
  'revisions.list': { page: '2', per_page: '10' },
  'revisions.suggestions': { status: 'accepted', page: '1', per_page: '5' },
  'revisions.userSuggestions': { status: 'rejected', page: '3', per_page: '20' },
};

const withQuery = Object.entries(allEndpoints).filter(([, e]) => e.query !== undefined);

describe('a query given as the values its schema reads is written back to text it reads the same', () => {
  it('has a sample query for every endpoint that takes one', () => {
    expect(Object.keys(samples).sort()).toEqual(withQuery.map(([name]) => name).sort());
  });

  it.each(withQuery)('%s', (name, endpoint) => {
    const schema = endpoint.query!;
    const parsed = schema.parse(samples[name]) as Record<string, QueryMember>;
    const written = Object.fromEntries(new URLSearchParams(queryString(parsed)));
    expect(schema.parse(written)).toEqual(parsed);
  });
});

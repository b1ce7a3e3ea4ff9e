/**
 * Input fuzzing of every API route (issue #9, Security). The routes are discovered from the
 * built app's OpenAPI document, so a route merged later is fuzzed without a change here (a route
 * hidden from the document would be missed: none is). For each one, as a signed-in user who owns
 * the resources the path names, it sends malformed JSON, bodies that are not objects, a wrong
 * type / a 1 MB string / out-of-range numbers in each declared body field, unknown fields,
 * traversal and junk in each path parameter and junk in each query parameter.
 *
 * Every answer must be below 500; a 4xx must be problem JSON (application/problem+json with
 * title and status) and leave the database exactly as it was (row counts and an md5 of every
 * table). "Strict" cases are invalid whatever the route means and must be refused with a 4xx;
 * "lenient" ones (unknown fields next to a valid body, -1 or 0 in a field that may allow it)
 * may be accepted, and only have to be answered sanely.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signIn } from '../test/sessions.ts';
import { insertImage, insertStyle, userId } from '../test/targets.ts';
import { SECRET_FILE } from '../storage/upload-signature.ts';
import {
  apiOperations,
  bodySchemaOf,
  openApiDoc,
  pathParams,
  queryParams,
  resolveSchema,
  schemaTypes,
  type JsonSchema,
  type Operation,
  type Parameter,
} from '../test/openapi.ts';
import { changedTables, snapshotDb, type DbSnapshot } from '../test/db-snapshot.ts';

interface FuzzCase {
  label: string;
  /** Invalid whatever the route means: must be refused with a 4xx. */
  strict: boolean;
  url: string;
  payload?: string;
  contentType?: string;
}

// ---------------------------------------------------------------------------------------------
// The app and the user's resources.

let cookie: { cookie: string };
const ids = { building: 0, image: 0, comment: 0, list: 0, style: 0 };
let handle = 'fuzzer';

// Built at collection time: the tests are one per discovered route.
const t: TestApp = await createTestApp({ SEED: 'false', AUTH_RATE_LIMIT: '100000' });
const app: FastifyInstance = t.app;
const doc = openApiDoc(app);
const operations = apiOperations(doc);

beforeAll(async () => {
  cookie = await signIn(app, handle);
  ids.style = await insertStyle(app.db, 'Fuzz Gothic');
  const building = await app.inject({
    method: 'POST',
    url: '/api/buildings/',
    headers: cookie,
    payload: {
      name: 'Fuzz House',
      place_id: null,
      year_built: 1920,
      year_demolished: null,
      description: 'Described',
      coordinates: [11.5, 45.5],
      architectural_styles: [ids.style],
      address: { line1: '1 Main Street', city: 'Town', country_code: 'IT' },
    },
  });
  expect(building.statusCode, building.body).toBe(201);
  ids.building = building.json<{ building: { id: number } }>().building.id;
  ids.image = await insertImage(app.db, ids.building, await userId(app.db, handle));
  const comment = await app.inject({
    method: 'POST',
    url: `/api/comments/building/${ids.building}`,
    headers: cookie,
    payload: { content: 'A first comment' },
  });
  expect(comment.statusCode, comment.body).toBe(201);
  ids.comment = comment.json<{ id: number }>().id;
  const list = await app.inject({
    method: 'POST',
    url: '/api/lists/',
    headers: cookie,
    payload: { name: 'Fuzz list', is_public: true },
  });
  expect(list.statusCode, list.body).toBe(201);
  ids.list = list.json<{ id: number }>().id;
  const added = await app.inject({
    method: 'POST',
    url: `/api/lists/${ids.list}/buildings`,
    headers: cookie,
    payload: { buildingId: ids.building },
  });
  expect(added.statusCode, added.body).toBe(200);
  const vote = await app.inject({
    method: 'POST',
    url: '/api/votes/building',
    headers: cookie,
    payload: { votable_type: 'building', votable_id: ids.building, vote: 1 },
  });
  expect(vote.statusCode, vote.body).toBe(200);
});

afterAll(async () => t?.close());

// ---------------------------------------------------------------------------------------------
// Schemas: references, types, and a plausible value for each field.

const resolve = (schema: JsonSchema | undefined) => resolveSchema(doc, schema);
const typesOf = (schema: JsonSchema | undefined) => schemaTypes(doc, schema);

function idFor(name: string, path: string): number {
  const n = name.toLowerCase();
  if (n.includes('list')) return ids.list;
  if (n.includes('comment')) return ids.comment;
  if (n.includes('image')) return ids.image;
  if (n.includes('style')) return ids.style;
  if (n === 'id') {
    if (path.startsWith('/api/lists')) return ids.list;
    if (path.startsWith('/api/images')) return ids.image;
    if (path.startsWith('/api/comments')) return ids.comment;
  }
  return ids.building;
}

/** A plausible value for a schema (a base body that is valid where the schema alone can say). */
function sample(schema: JsonSchema | undefined, name: string, path: string, depth = 0): unknown {
  const s = resolve(schema);
  if (depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) {
    const first = alternatives.find((a) => !typesOf(a).has('null') || typesOf(a).size > 1) ?? alternatives[0];
    return sample(first, name, path, depth + 1);
  }
  const types = typesOf(s);
  if (types.has('object') || s.properties) {
    return Object.fromEntries(
      Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v, k, path, depth + 1)]),
    );
  }
  if (types.has('array')) {
    return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items, name, path, depth + 1));
  }
  if (types.has('number')) {
    if (/id$/i.test(name) || /ids$/i.test(name)) return idFor(name, path);
    if (name === 'architectural_styles') return ids.style;
    const min = s.minimum ?? -Infinity;
    const max = s.maximum ?? Infinity;
    return Math.min(Math.max(1, min), max);
  }
  if (types.has('boolean')) return false;
  if (types.has('string')) {
    if (name === 'handle') return handle;
    if (s.pattern?.includes('\\d')) return '1';
    return 'fuzz'.padEnd(s.minLength ?? 0, 'z');
  }
  return null;
}

interface Field {
  path: (string | number)[];
  name: string;
  schema: JsonSchema;
}

/** Every property of a body schema, nested objects and objects in arrays included. */
function fieldsOf(schema: JsonSchema, at: (string | number)[] = [], depth = 0): Field[] {
  const s = resolve(schema);
  if (depth > 3) return [];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) {
    const obj = alternatives.map(resolve).find((a) => a.properties);
    return obj ? fieldsOf(obj, at, depth) : [];
  }
  const out: Field[] = [];
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    const p = [...at, name];
    out.push({ path: p, name, schema: prop });
    const r = resolve(prop);
    const objectAlt = (r.anyOf ?? r.oneOf)?.map(resolve).find((a) => a.properties);
    if (r.properties || objectAlt) out.push(...fieldsOf(objectAlt ?? r, p, depth + 1));
    if (typesOf(r).has('array') && resolve(r.items).properties)
      out.push(...fieldsOf(r.items!, [...p, 0], depth + 1));
  }
  return out;
}

function setAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') return copy;
    node = next as Record<string | number, unknown>;
  }
  node[path[path.length - 1]!] = value;
  return copy;
}

/** Values of a JSON type a field does not accept. */
function wrongTypeValues(schema: JsonSchema): unknown[] {
  const allowed = typesOf(schema);
  const candidates: [string, unknown][] = [
    ['string', 'not-a-number-nor-a-choice'],
    ['number', 123456.5],
    ['boolean', true],
    ['object', { nested: { deeper: [1] } }],
    ['array', [[1], { a: 1 }]],
    ['null', null],
  ];
  return candidates.filter(([type]) => !allowed.has(type)).map(([, v]) => v);
}

// ---------------------------------------------------------------------------------------------
// Cases.

const PATH_JUNK = [
  '..%2F..%2Fetc%2Fpasswd',
  '..%2f..%2f..%2fdata%2fupload-signing-secret',
  // A bare '..' or '%2e%2e' is resolved by the client (inject, fetch, browsers) into another
  // route; the raw HTTP test below sends them as they are.
  '%00',
  'abc%00.png',
  'abc',
  '-1',
  '0',
  '1.5',
  '1e308',
  '2147483648',
  '9'.repeat(400),
  'x'.repeat(5000),
  '%E0%A4%A',
  '%ZZ',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  "1'%20OR%20'1'%3D'1",
  'null',
];

/** Junk that is still a well-formed text id (e.g. a place id): not refused by its format. */
const TEXT_ID_ACCEPTABLE = new Set([
  '..%2F..%2Fetc%2Fpasswd',
  '..%2f..%2f..%2fdata%2fupload-signing-secret',
  'abc',
  '-1',
  '0',
  '1.5',
  '1e308',
  '2147483648',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  "1'%20OR%20'1'%3D'1",
  'null',
]);

const HUGE = 'a'.repeat(1_000_000);

function validPathValue(op: Operation, p: Parameter): string {
  const s = resolve(p.schema);
  if (p.name === '*') return 'images/1/00000000-0000-4000-8000-000000000000.png';
  if (p.name === 'handle') return handle;
  if (s.enum?.length) return String(s.enum.includes('building') ? 'building' : s.enum[0]);
  if (s.pattern?.includes('\\d')) return String(idFor(p.name, op.path));
  return 'fuzz';
}

function urlOf(
  op: Operation,
  pathOverride: Record<string, string> = {},
  query: Record<string, string[]> = {},
) {
  let url = op.path;
  for (const p of pathParams(op)) {
    url = url.replace(`{${p.name}}`, pathOverride[p.name] ?? encodeURIComponent(validPathValue(op, p)));
  }
  const base: Record<string, string[]> = {};
  for (const p of queryParams(op)) {
    if (p.required) base[p.name] = [String(sample(p.schema, p.name, op.path))];
  }
  const all = { ...base, ...query };
  const qs = Object.entries(all)
    .flatMap(([k, vs]) => vs.map((v) => `${encodeURIComponent(k)}=${v}`))
    .join('&');
  return qs ? `${url}?${qs}` : url;
}

function casesFor(op: Operation): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const json = 'application/json';
  const bodySchema = bodySchemaOf(op);
  const base = bodySchema ? sample(bodySchema, '', op.path) : undefined;
  const basePayload = base === undefined ? undefined : JSON.stringify(base);
  const hasBody = op.method !== 'GET' && op.method !== 'HEAD';
  const url = urlOf(op);

  if (hasBody) {
    cases.push({ label: 'malformed JSON', strict: true, url, payload: '{"name": "x",', contentType: json });
    cases.push({ label: 'truncated JSON string', strict: true, url, payload: '"abc', contentType: json });
    cases.push({
      label: '__proto__ key',
      strict: true,
      url,
      payload: '{"__proto__":{"polluted":1}}',
      contentType: json,
    });
    cases.push({
      label: 'constructor.prototype key',
      strict: true,
      url,
      payload: '{"constructor":{"prototype":{"polluted":1}}}',
      contentType: json,
    });
    cases.push({
      label: '2 MB body',
      strict: true,
      url,
      payload: JSON.stringify({ junk: 'b'.repeat(2 * 1024 * 1024) }),
      contentType: json,
    });
  }
  if (hasBody && bodySchema) {
    for (const [label, payload] of [
      ['array body', '[]'],
      ['array of objects body', JSON.stringify([base])],
      ['number body', '42'],
      ['string body', '"text"'],
      ['null body', 'null'],
      ['boolean body', 'true'],
    ] as const) {
      cases.push({ label, strict: true, url, payload, contentType: json });
    }
    cases.push({
      label: 'text/plain body',
      strict: true,
      url,
      payload: basePayload ?? 'x',
      contentType: 'text/plain',
    });
    cases.push({
      label: 'unknown content type',
      strict: true,
      url,
      payload: basePayload ?? 'x',
      contentType: 'application/x-fuzz',
    });
    cases.push({ label: 'empty JSON body', strict: true, url, payload: '', contentType: json });

    for (const field of fieldsOf(bodySchema)) {
      const where = field.path.join('.');
      for (const value of wrongTypeValues(field.schema)) {
        cases.push({
          label: `${where} = ${JSON.stringify(value)}`,
          strict: true,
          url,
          payload: JSON.stringify(setAt(base, field.path, value)),
          contentType: json,
        });
      }
      const types = typesOf(field.schema);
      if (types.has('string')) {
        cases.push({
          label: `${where} = 1 MB string`,
          strict: true,
          url,
          payload: JSON.stringify(setAt(base, field.path, HUGE)),
          contentType: json,
        });
        cases.push({
          label: `${where} = a NUL character`,
          strict: true,
          url,
          payload: JSON.stringify(setAt(base, field.path, 'fuzz\u0000zz')),
          contentType: json,
        });
      }
      const idLike = /(id|ids|styles)$/i.test(field.name);
      if (types.has('number')) {
        for (const n of [-1, 0, 0.5, 1e308, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2]) {
          cases.push({
            label: `${where} = ${n}`,
            strict: idLike || Math.abs(n) >= 2 ** 31,
            url,
            payload: JSON.stringify(setAt(base, field.path, n)),
            contentType: json,
          });
        }
        cases.push({
          label: `${where} = 1e400 (Infinity)`,
          strict: true,
          url,
          payload: JSON.stringify(setAt(base, field.path, 424242)).replace('424242', '1e400'),
          contentType: json,
        });
      }
      if (types.has('array')) {
        const items = resolve(resolve(field.schema).items);
        for (const n of [-1, 0, 0.5, 1e308, 2 ** 31]) {
          if (!typesOf(items).has('number')) break;
          cases.push({
            label: `${where} = [${n}]`,
            strict: idLike,
            url,
            payload: JSON.stringify(setAt(base, field.path, [n])),
            contentType: json,
          });
        }
        cases.push({
          label: `${where} = 10,000 items`,
          strict: true,
          url,
          payload: JSON.stringify(
            setAt(
              base,
              field.path,
              Array.from({ length: 10_000 }, () => sample(items, field.name, op.path)),
            ),
          ),
          contentType: json,
        });
      }
    }
    if (base !== null && typeof base === 'object' && !Array.isArray(base)) {
      cases.push({
        label: 'unknown fields next to a plausible body',
        strict: false,
        url,
        payload: JSON.stringify({
          ...base,
          zz_unknown: 'x',
          is_admin: true,
          user_id: 1,
          added_by: 1,
          owner: 1,
        }),
        contentType: json,
      });
    }
  }

  for (const p of pathParams(op)) {
    // Numeric ids refuse every junk value; a free-form text id (a place id) may legitimately be
    // 'abc' or '-1', so only what no text id can be must be refused there.
    const numericPath =
      [...typesOf(p.schema)].some((t) => t === 'integer' || t === 'number') ||
      (resolve(p.schema).pattern?.includes('\\d') ?? false);
    for (const junk of PATH_JUNK) {
      cases.push({
        label: `path ${p.name} = ${junk.slice(0, 40)}`,
        strict: numericPath || !TEXT_ID_ACCEPTABLE.has(junk),
        url: urlOf(op, { [p.name]: junk }),
        payload: basePayload,
        contentType: basePayload === undefined ? undefined : json,
      });
    }
  }

  for (const p of queryParams(op)) {
    const numeric = resolve(p.schema).pattern?.includes('\\d') ?? false;
    const values: [string, boolean][] = [
      ['abc', numeric],
      ['1e308', numeric],
      ['0x10', numeric],
      ['NaN', numeric],
      ['Infinity', numeric],
      ['-1', false],
      ['0', false],
      ['0.5', false],
      ['99999999999999999999999', false],
      ['%00', false],
      ['..%2F..%2Fetc%2Fpasswd', false],
      ['x'.repeat(10_000), true],
    ];
    for (const [value, strict] of values) {
      cases.push({
        label: `query ${p.name} = ${value.slice(0, 40)}`,
        strict,
        url: urlOf(op, {}, { [p.name]: [value] }),
        payload: basePayload,
        contentType: basePayload === undefined ? undefined : json,
      });
    }
    cases.push({
      label: `query ${p.name} given twice`,
      strict: true,
      url: urlOf(op, {}, { [p.name]: ['1', '2'] }),
      payload: basePayload,
      contentType: basePayload === undefined ? undefined : json,
    });
  }
  if (!hasBody) {
    cases.push({
      label: 'unknown query parameters',
      strict: false,
      url: `${url}${url.includes('?') ? '&' : '?'}__proto__[polluted]=1&constructor[prototype][x]=1&zz=1`,
    });
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------
// Running them.

interface Finding {
  case: string;
  status: number;
  problem: string;
}

async function currentHandle(): Promise<string | null> {
  const res = await app.inject({ method: 'GET', url: '/api/auth/check-login', headers: cookie });
  const body = res.json<{ user?: { handle: string } | null }>();
  return body.user?.handle ?? null;
}

async function send(op: Operation, c: FuzzCase) {
  const headers: Record<string, string> = { ...cookie };
  if (c.contentType) headers['content-type'] = c.contentType;
  return app.inject({ method: op.method as 'GET', url: c.url, headers, payload: c.payload });
}

async function fuzz(op: Operation): Promise<{ findings: Finding[]; sent: number; accepted: string[] }> {
  const findings: Finding[] = [];
  const accepted: string[] = [];
  let before: DbSnapshot = await snapshotDb(app);
  // The refused cases sent since `before`: one fingerprint checks them together (taking one after
  // every request was half of this file's time). When it differs, the finding names all of them.
  let unchecked: { label: string; status: number }[] = [];
  const checkUnchanged = async () => {
    if (unchecked.length === 0) return;
    const after = await snapshotDb(app);
    const changed = changedTables(before, after);
    if (changed.length) {
      findings.push({
        case: unchecked.map((u) => `${u.label} (${u.status})`).join(' | '),
        status: unchecked.at(-1)!.status,
        problem: `database changed by one of these requests: ${changed.join(', ')}`,
      });
    }
    before = after;
    unchecked = [];
  };
  const cases = casesFor(op);
  for (const c of cases) {
    // A lenient case may be accepted and change the data: the refusals before it are checked first.
    if (!c.strict) await checkUnchanged();
    const res = await send(op, c);
    const status = res.statusCode;
    const problems: string[] = [];
    // A 503 problem is an honest answer to a valid request for a feature whose upstream the test
    // app leaves unconfigured (places); anything invalid must still be refused before that.
    const unconfigured = status === 503 && !c.strict;
    if (status >= 500 && !unconfigured) problems.push(`server error: ${res.body.slice(0, 300)}`);
    if (c.strict && (status < 400 || status >= 500)) problems.push(`expected a 4xx refusal, got ${status}`);
    if (status >= 400) {
      const type = String(res.headers['content-type'] ?? '');
      if (!type.startsWith('application/problem+json')) problems.push(`content-type ${type}`);
      try {
        const body = res.json<{ title?: unknown; status?: unknown }>();
        if (typeof body.title !== 'string') problems.push('no title');
        if (body.status !== status) problems.push(`body status ${String(body.status)}`);
      } catch {
        problems.push(`body is not JSON: ${res.body.slice(0, 200)}`);
      }
      unchecked.push({ label: c.label, status });
    } else {
      // A strict case accepted is a finding already; the refusals before it are checked with it.
      if (c.strict) {
        unchecked.push({ label: c.label, status });
        await checkUnchanged();
      }
      accepted.push(`${c.label} → ${status}`);
      // An accepted lenient case may change the data (or even the handle): carry on from there.
      const current = await currentHandle();
      if (current) handle = current;
      else cookie = await signIn(app, handle);
      before = await snapshotDb(app);
    }
    if (problems.length) findings.push({ case: c.label, status, problem: problems.join('; ') });
  }
  await checkUnchanged();
  return { findings, sent: cases.length, accepted };
}

describe('every API route refuses malformed input with a 4xx problem and no change', () => {
  it('discovers the routes from the app', () => {
    const names = operations.map((o) => `${o.method} ${o.path}`);
    expect(names.length).toBeGreaterThan(30);
    for (const known of [
      'POST /api/buildings/',
      'PUT /api/comments/{comment_id}',
      'POST /api/lists/{list_id}/buildings',
    ]) {
      expect(names).toContain(known);
    }
  });

  it.each(operations.map((o) => [`${o.method} ${o.path}`, o] as const))('%s', async (_name, op) => {
    const { findings, sent } = await fuzz(op);
    expect(sent).toBeGreaterThan(0);
    expect(findings, findings.map((f) => `${f.status} ${f.case}: ${f.problem}`).join('\n')).toEqual([]);
    // Nothing reached Object.prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

/** A raw HTTP request: unlike inject or fetch, node:http sends `../` in the path as it is. */
function rawGet(base: string, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(base), { method: 'GET', path, headers: cookie }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('path traversal sent as is over HTTP', () => {
  it('never reaches a file outside the media folder, under /api or /media', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const secret = (await fs.readFile(path.join(t.config.dataDir, SECRET_FILE), 'utf8')).trim();
    const apiPaths = operations
      .filter((o) => o.method === 'GET' && pathParams(o).length > 0)
      .map((o) => o.path.replace(/\{[^}]+\}/, '../../../../etc/passwd').replace(/\{[^}]+\}/g, '1'));
    const paths = [
      ...apiPaths,
      '/api/../../../../etc/passwd',
      '/media/../upload-signing-secret',
      '/media/..%2Fupload-signing-secret',
      '/media/images/../../upload-signing-secret',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      '/media/images/1/..%00.png',
    ];
    for (const p of paths) {
      const res = await rawGet(base, p);
      expect(res.status, p).toBeLessThan(500);
      expect(res.body, p).not.toMatch(/root:/);
      expect(res.body, p).not.toContain(secret);
      if (p.startsWith('/api/') && res.status >= 400)
        expect(res.type, p).toMatch(/^application\/problem\+json/);
      if (p.startsWith('/media/')) expect(res.status, p).toBeGreaterThanOrEqual(400);
    }
  });
});

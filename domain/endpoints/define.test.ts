/** defineEndpoint adds the standard problems, so a description lists only what is particular to it. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { problemSchema } from '../problem.ts';
import { defineEndpoint, problems } from './define.ts';

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

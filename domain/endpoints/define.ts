/**
 * The API's endpoints, each described once (issue 14): method, path, schemas, whether it needs a
 * session, and its OpenAPI text. The server registers its routes from these descriptions
 * (server/http/route.ts) and the web builds its calls from them (web/src/lib/api-client.ts), so a
 * path, a schema or an auth rule is written in one place. Nothing else spells an `/api` path.
 *
 * One file per feature beside this one (domain/endpoints/<feature>.ts); see
 * README.md (Layout, 'Endpoints: described once') for how to add an endpoint.
 */
import type { z } from 'zod';

/** Every endpoint's path starts with this; the only place the prefix is written. */
export const API_PREFIX = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call:
 * - 'required': a session is needed; without one the answer is 401, before the request's
 *   params, query or body are validated (one hook, server/modules/auth/auth.plugin.ts);
 * - 'optional': anyone, but the answer depends on who asks (the web sends its session);
 * - 'none': the answer is the same for everyone.
 */
export type EndpointAuth = 'required' | 'optional' | 'none';

/** Answers by status code: a zod schema of the body (z.null() for an empty 204). */
export type Responses = Readonly<Record<number, z.ZodType>>;

export interface EndpointSpec {
  method: HttpMethod;
  /** Under API_PREFIX, in Fastify's syntax: '/buildings/:id', '/uploads/*'. */
  path: string;
  auth: EndpointAuth;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  responses: Responses;
}

/** An endpoint's OpenAPI text, kept beside its description in `<feature>Docs`. */
export interface EndpointDoc {
  summary: string;
  description?: string;
}

/**
 * The OpenAPI text of a feature's endpoints, one entry each (the compiler says when one is
 * missing). A separate export, so the web bundle, which never reads it, leaves it out.
 */
export type EndpointDocs<G> = { readonly [K in keyof G]: EndpointDoc };

/**
 * Keeps the literal types of a description (its path, its schemas) for the server and the web.
 * Marked free of side effects so a bundle leaves out the descriptions (and their schemas) it
 * does not use.
 */
/*#__NO_SIDE_EFFECTS__*/
export function defineEndpoint<const E extends EndpointSpec>(endpoint: E): E {
  return endpoint;
}

/** The full path of an endpoint as the server registers it: '/api/buildings/:id'. */
export function apiPath(endpoint: Pick<EndpointSpec, 'path'>): string {
  return `${API_PREFIX}${endpoint.path}`;
}

/** 'list_id' | 'building_id' from '/lists/:list_id/buildings/:building_id'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = [PathParamNames<P>] extends [never]
  ? Record<string, never>
  : { [K in PathParamNames<P>]: string | number };

/**
 * The path with its `:name` parts filled in, each URI-encoded (without API_PREFIX):
 * fillPath('/users/:handle/lists', { handle: 'ada' }) is '/users/ada/lists'.
 */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The URL path of one call, under API_PREFIX: apiUrl(userEndpoints.faceplate, { handle: 'ada' }). */
export function apiUrl<E extends Pick<EndpointSpec, 'path'>>(
  endpoint: E,
  params: PathParams<E['path']>,
): string {
  return `${API_PREFIX}${fillPath(endpoint.path, params)}`;
}

type SuccessStatus = 200 | 201 | 202 | 204;

/** The body of an endpoint's successful answer (null for 204). */
export type SuccessBody<E extends EndpointSpec> = {
  [S in keyof E['responses'] & SuccessStatus]: S extends 204
    ? null
    : E['responses'][S] extends z.ZodType
      ? z.output<E['responses'][S]>
      : never;
}[keyof E['responses'] & SuccessStatus];

/** The body an endpoint accepts, as a caller writes it (before defaults and transforms). */
export type RequestBody<E extends EndpointSpec> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

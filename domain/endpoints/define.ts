/**
 * The API's endpoints, each described once: method, path, schemas, whether it needs a
 * session, and its OpenAPI text. The server registers its routes from these descriptions
 * (server/http/route.ts) and the web builds its calls from them (web/src/lib/api-client.ts), so a
 * path, a schema or an auth rule is written in one place. Nothing else spells an `/api` path.
 *
 * One file per feature beside this one (domain/endpoints/<feature>.ts); see
 * README.md (Layout, 'Endpoints: described once') for how to add an endpoint.
 */
import type { z } from 'zod';
import { problemSchema } from '../problem.ts';
import type { Role } from '../roles.ts';

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
  /**
   * The role a caller needs besides a session (domain/roles.ts; an admin has a moderator's
   * rights): others get 403 before validation, from the same hook as the 401.
   */
  role?: Role;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  responses: Responses;
}

/**
 * What an endpoint's description lists besides its method and path. `responses` holds the
 * success answer and the errors particular to the endpoint; defineEndpoint adds the standard
 * problems (StandardProblems) unless `standardProblems` is false.
 */
export interface EndpointOptions {
  auth: EndpointAuth;
  role?: Role;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  responses: Responses;
  /** false: the answers are exactly `responses`, no standard problem added. */
  standardProblems?: false;
}

type ProblemSchema = typeof problemSchema;

/** `{ 403: problemSchema, 409: problemSchema }` from problems(403, 409). */
/*#__NO_SIDE_EFFECTS__*/
export function problems<const C extends readonly number[]>(
  ...codes: C
): { [S in C[number]]: ProblemSchema } {
  return Object.fromEntries(codes.map((code) => [code, problemSchema])) as {
    [S in C[number]]: ProblemSchema;
  };
}

type Has<O, K extends string> = O extends { [P in K]: z.ZodType } ? true : false;

/**
 * The problems every endpoint of a kind may answer, which its description need not list:
 * 400 when it takes params, a query or a body (validation), 401 when `auth` is 'required' (no
 * session), 404 when it takes params (nothing there).
 */
export type StandardProblems<O extends EndpointOptions> = O extends { standardProblems: false }
  ? unknown
  : (true extends Has<O, 'params'> | Has<O, 'query'> | Has<O, 'body'> ? { 400: ProblemSchema } : unknown) &
      (O['auth'] extends 'required' ? { 401: ProblemSchema } : unknown) &
      (true extends Has<O, 'params'> ? { 404: ProblemSchema } : unknown);

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The description defineEndpoint makes: the options with the method, the path and all the answers. */
export type Endpoint<M extends HttpMethod, P extends string, O extends EndpointOptions> = Simplify<
  { method: M; path: P } & Omit<O, 'responses' | 'standardProblems'> & {
      responses: Simplify<Omit<StandardProblems<O>, keyof O['responses']> & O['responses']>;
    }
>;

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
 * Describes an endpoint, keeping its literal types (its path, its schemas) for the server and the
 * web, and adding the standard problems to its responses:
 *
 *   get: defineEndpoint('GET', '/lists/:id', { auth: 'optional', params, responses: { 200: listSchema } })
 *
 * answers 200, 400 and 404 (it takes params). Marked free of side effects so a bundle leaves out
 * the descriptions (and their schemas) it does not use.
 */
/*#__NO_SIDE_EFFECTS__*/
export function defineEndpoint<
  const M extends HttpMethod,
  const P extends string,
  const O extends EndpointOptions,
>(method: M, path: P, options: O): Endpoint<M, P, O> {
  const { standardProblems, responses, ...rest } = options;
  const standard: Record<number, z.ZodType> = {};
  if (standardProblems !== false) {
    if (rest.params || rest.query || rest.body) standard[400] = problemSchema;
    if (rest.auth === 'required') standard[401] = problemSchema;
    if (rest.params) standard[404] = problemSchema;
  }
  const endpoint: EndpointSpec = { method, path, ...rest, responses: { ...standard, ...responses } };
  // The object is built from method, path and options just as Endpoint<M, P, O> says.
  return endpoint as Endpoint<M, P, O>;
}

/** A record's path and params, said once for the endpoints on it (see `read` and `write`). */
export interface RecordPath<P extends string, S extends z.ZodType> {
  path: P;
  params: S;
}

/** `{ path, params }` of one record: `record('/comments/:comment_id', commentIdParamsSchema)`. */
/*#__NO_SIDE_EFFECTS__*/
export function record<const P extends string, const S extends z.ZodType>(
  path: P,
  params: S,
): RecordPath<P, S> {
  return { path, params };
}

type ReadOptions = Omit<EndpointOptions, 'auth'> & { auth?: 'optional' | 'none' };
type WriteOptions = Omit<EndpointOptions, 'auth'>;
type Auth<O, Default extends EndpointAuth> = O extends { auth: infer A extends EndpointAuth } ? A : Default;

/**
 * A GET anyone may make (auth 'optional' unless the options say 'none'), on a path or on a record
 * and a sub-path:
 *
 *   get: read(list, '', { responses: { 200: listSchema } })
 *   replies: read(comment, '/replies', { query: repliesQuerySchema, responses: { 200: repliesSchema } })
 */
export function read<const P extends string, const O extends ReadOptions>(
  path: P,
  options: O,
): Endpoint<'GET', P, O & { readonly auth: Auth<O, 'optional'> }>;
export function read<
  const P extends string,
  const S extends z.ZodType,
  const X extends string,
  const O extends Omit<ReadOptions, 'params'>,
>(
  on: RecordPath<P, S>,
  suffix: X,
  options: O,
): Endpoint<'GET', `${P}${X}`, O & { readonly auth: Auth<O, 'optional'>; readonly params: S }>;
/*#__NO_SIDE_EFFECTS__*/
export function read(
  at: string | RecordPath<string, z.ZodType>,
  second: string | ReadOptions,
  third?: ReadOptions,
): unknown {
  return typeof at === 'string'
    ? defineEndpoint('GET', at, { auth: 'optional', ...(second as ReadOptions) })
    : defineEndpoint('GET', `${at.path}${second as string}`, {
        auth: 'optional',
        params: at.params,
        ...third!,
      });
}

/** A write by a signed-in user (auth 'required'), on a path or on a record and a sub-path. */
export function write<const M extends HttpMethod, const P extends string, const O extends WriteOptions>(
  method: M,
  path: P,
  options: O,
): Endpoint<M, P, O & { readonly auth: 'required' }>;
export function write<
  const M extends HttpMethod,
  const P extends string,
  const S extends z.ZodType,
  const X extends string,
  const O extends Omit<WriteOptions, 'params'>,
>(
  method: M,
  on: RecordPath<P, S>,
  suffix: X,
  options: O,
): Endpoint<M, `${P}${X}`, O & { readonly auth: 'required'; readonly params: S }>;
/*#__NO_SIDE_EFFECTS__*/
export function write(
  method: HttpMethod,
  at: string | RecordPath<string, z.ZodType>,
  second: string | WriteOptions,
  third?: WriteOptions,
): unknown {
  return typeof at === 'string'
    ? defineEndpoint(method, at, { auth: 'required', ...(second as WriteOptions) })
    : defineEndpoint(method, `${at.path}${second as string}`, {
        auth: 'required',
        params: at.params,
        ...third!,
      });
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

/** A value a query string carries as text: written with String(). */
type QueryScalar = string | number | boolean;

/** One member of a query as queryString takes it: a scalar, a list (comma-joined), or undefined (left out). */
export type QueryMember = QueryScalar | readonly QueryScalar[] | undefined;

/** The values of T a query string can carry: scalars, and lists of them. */
type Writable<T> = T extends QueryScalar
  ? T
  : T extends readonly (infer Item extends QueryScalar)[]
    ? readonly Item[]
    : never;

/**
 * What a caller may pass for each member of a query schema: the text the schema reads (its
 * input), or the value it reads it into (its output) where writing that back with queryString
 * gives text the schema reads to the same value: `page: 2` for a page parameter, `archStyles:
 * [3, 7]` for a comma-joined id list. A member the schema needs is needed here; no other name
 * is accepted.
 */
type QueryOf<I, O> = { [K in keyof I]: Writable<I[K]> | (K extends keyof O ? Writable<O[K]> : never) };

/** The query an endpoint takes, as a caller writes it (never for an endpoint without a query schema). */
export type EndpointQuery<E> = E extends { query: infer S extends z.ZodType }
  ? QueryOf<z.input<S>, z.output<S>>
  : never;

/**
 * The query string of a query, without its '?': members in the order written, undefined ones
 * and empty lists left out, lists comma-joined (as every list parameter of domain/query-params.ts
 * and domain/images.ts reads them), everything form-encoded by URLSearchParams (a space is '+', a
 * comma '%2C'). queryString({ q: 'art deco', archStyles: [3, 7], page: 2 }) is
 * 'q=art+deco&archStyles=3%2C7&page=2'.
 */
export function queryString(query: Readonly<Record<string, QueryMember>> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (typeof value === 'object') {
      if (value.length > 0) search.append(name, value.join(','));
    } else search.append(name, String(value));
  }
  return search.toString();
}

/** The params and query of one call of an endpoint, each needed when the endpoint has one. */
export type UrlInput<E extends EndpointSpec> = ([PathParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<E['path']> }) &
  (E extends { query: z.ZodType }
    ? object extends EndpointQuery<E>
      ? { query?: EndpointQuery<E> }
      : { query: EndpointQuery<E> }
    : { query?: undefined });

/** Arguments after the endpoint: the input may be left out when nothing in it is needed. */
export type InputArgs<Input> = object extends Input ? [input?: Input] : [input: Input];

/**
 * The path and query string of one call, without API_PREFIX: what `call` asks for and what
 * apiUrl links to. Only the members of the endpoint's schemas are accepted by the types.
 */
export function endpointPath<const E extends EndpointSpec>(
  endpoint: E,
  ...[input]: InputArgs<UrlInput<E>>
): string {
  const { params, query } = (input ?? {}) as {
    params?: Readonly<Record<string, string | number>>;
    query?: Readonly<Record<string, QueryMember>>;
  };
  const search = queryString(query);
  return `${fillPath(endpoint.path, params)}${search ? `?${search}` : ''}`;
}

/**
 * The URL of one call, under API_PREFIX, for what a browser loads itself (an <img>, a download
 * link): apiUrl(userEndpoints.faceplate, { params: { handle: 'ada' } }),
 * apiUrl(exportEndpoints.list, { params: { id: 3 }, query: { format: 'csv' } }).
 */
export function apiUrl<const E extends EndpointSpec>(endpoint: E, ...args: InputArgs<UrlInput<E>>): string {
  return `${API_PREFIX}${endpointPath(endpoint, ...args)}`;
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

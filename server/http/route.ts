/**
 * Registers a Fastify route from its endpoint description (domain/endpoints): the method, the
 * path, the zod schemas (so validation, serialisation and the OpenAPI document come from the
 * description) and the description itself in the route's config, where the one auth hook
 * (server/modules/auth/auth.plugin.ts) reads whether a session is needed.
 *
 *   route(app, listEndpoints.create, async (request, reply) => …);
 *
 * Register inside the /api scope (server/app.ts): the description's path is under API_PREFIX.
 */
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { EndpointSpec } from '#domain/endpoints/define';
import { docsOf } from '#domain/endpoints/index';
import type { ReadTrait } from './rate-limit.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The description the route was registered from (server/http/route.ts). */
    endpoint?: EndpointSpec;
  }
}

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Field<E, K extends string> = E extends { [P in K]: infer V } ? V : undefined;

/** The Fastify schema of a description, as the type provider reads it. */
export interface EndpointSchema<E extends EndpointSpec> {
  params: Field<E, 'params'>;
  querystring: Field<E, 'query'>;
  body: Field<E, 'body'>;
  response: E['responses'];
}

export type EndpointHandler<E extends EndpointSpec> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  EndpointSchema<E>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a route may add to its description: server-side behaviour, not part of the contract. */
export interface RouteExtras {
  /** Per-route request limit (per IP and minute; server/http/rate-limit.ts). */
  rateLimit?: RateLimitOptions;
  /** How the route's GETs count against the read limits: `counted` (default), `export` or `free` (server/http/rate-limit.ts). */
  reads?: ReadTrait;
  /** Runs before the body is read (the map's cached answers). */
  onRequest?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

export function route<const E extends EndpointSpec>(
  app: ZodApp,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const { method, path, params, query, body, responses } = endpoint;
  const docs = docsOf(endpoint);
  if (!docs) throw new Error(`${method} ${path}: add its feature to domain/endpoints/index.ts`);
  const { tags, summary, description } = docs;
  app.route({
    method,
    url: path,
    config: {
      endpoint,
      ...(extras.rateLimit ? { rateLimit: extras.rateLimit } : {}),
      ...(extras.reads ? { reads: extras.reads } : {}),
    },
    ...(extras.onRequest ? { onRequest: extras.onRequest } : {}),
    schema: {
      tags,
      summary,
      ...(description ? { description } : {}),
      ...(params ? { params } : {}),
      ...(query ? { querystring: query } : {}),
      ...(body ? { body } : {}),
      ...(Object.keys(responses).length > 0 ? { response: responses } : {}),
    },
    // The schema object above is built from the same description E: the handler's types hold.
    handler: handler as RouteHandlerMethod,
  });
}

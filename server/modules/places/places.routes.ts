/**
 * /api/places: the wizard's place search through the configured provider (places.provider.ts), and
 * the country at a point (from the basemap's country shapes, offline).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placeEndpoints } from '#domain/endpoints/places';
import { route } from '../../http/route.ts';
import { countryAt } from '../../geo/world.ts';
import { HttpProblem, notFound, sendProblem } from '../../http/errors.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { PlacesBudget } from './places-budget.ts';
import { createPlacesProvider, PlacesUpstreamError, type PlacesProvider } from './places.provider.ts';

/** The shapes change only with a new server version: a day in any cache is fine. */
const COUNTRY_CACHE_CONTROL = 'public, max-age=86400';

export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = createPlacesProvider(app.config);
  const rateLimit = { max: app.config.places.rateLimit, timeWindow: 60_000 };

  const budget = new PlacesBudget(app.db, app.config.placesPerUserPerDay, app.log);

  function configured(): PlacesProvider {
    if (!provider) throw new HttpProblem(503, 'Place search is not configured');
    return provider;
  }

  /**
   * Place search is for signed-in users (the wizard needs a session anyway) within a daily budget
   * each: a configured Google key is billed per call. Returns the provider, or null when the
   * answer (429) has been sent.
   */
  async function allowed(request: FastifyRequest, reply: FastifyReply): Promise<PlacesProvider | null> {
    const user = requireUser(request);
    const places = configured();
    const wait = await budget.charge(user.id);
    if (wait === null) return places;
    request.log.info({ userId: user.id }, 'place search budget spent');
    reply.header('retry-after', String(wait));
    await sendProblem(
      reply,
      429,
      `You have used today's ${app.config.placesPerUserPerDay} place searches. ` +
        'Please type the address yourself, or search again tomorrow.',
      { retryAfterSeconds: wait },
    );
    return null;
  }

  /** Runs a provider call; its failures become a 502 (never a 500), logged for the operator. */
  async function upstream<T>(request: FastifyRequest, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof PlacesUpstreamError)) throw err;
      request.log.warn({ provider: provider?.kind, reason: err.message }, 'place search failed upstream');
      throw new HttpProblem(502, 'Place search is unavailable right now. Please try again.');
    }
  }

  // Made from configuration alone: not counted as a read.
  route(app, placeEndpoints.provider, async () => ({ provider: provider?.kind ?? null }), { reads: 'free' });

  route(app, placeEndpoints.countryAt, async (request, reply) => {
    const { lng, lat } = request.query;
    reply.header('cache-control', COUNTRY_CACHE_CONTROL);
    return { country_code: countryAt(lng, lat) ?? null };
  });

  route(
    app,
    placeEndpoints.autocomplete,
    async (request, reply) => {
      const places = await allowed(request, reply);
      if (!places) return reply;
      const { input, session_token } = request.query;
      return { suggestions: await upstream(request, () => places.autocomplete(input, session_token)) };
    },
    { rateLimit },
  );

  route(
    app,
    placeEndpoints.details,
    async (request, reply) => {
      const places = await allowed(request, reply);
      if (!places) return reply;
      const place = await upstream(request, () =>
        places.details(request.params.id, request.query.session_token),
      );
      if (!place) throw notFound('Place not found');
      return place;
    },
    { rateLimit },
  );
};

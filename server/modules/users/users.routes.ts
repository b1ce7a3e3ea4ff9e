import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiUrl } from '#domain/endpoints/define';
import { userEndpoints } from '#domain/endpoints/users';
import { HANDLE_RESERVED_DAYS } from '#domain/users';
import { route } from '../../http/route.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { defaultAvatarSvg } from './avatar.ts';
import { changeHandle, findUserByHandle, movedHandle, publicProfile } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, userEndpoints.get, async (request, reply) => {
    const user = await findUserByHandle(app.db, request.params.handle);
    if (user) return publicProfile(user, request.user?.id ?? null);
    // A handle changed in the last HANDLE_RESERVED_DAYS: to the profile under the current one (the
    // browser's fetch follows). Not cached: the owner may take the old handle back.
    const moved = await movedHandle(app.db, request.params.handle);
    if (!moved) throw notFound('User not found');
    return reply
      .code(301)
      .header('location', apiUrl(userEndpoints.get, { params: { handle: moved } }))
      .header('cache-control', 'no-store')
      .send(null);
  });

  route(app, userEndpoints.faceplate, async (request, reply) => {
    const user = await findUserByHandle(app.db, request.params.handle);
    if (!user) throw notFound('User not found');
    reply.header('cache-control', 'public, max-age=300');
    if (user.picture) return reply.redirect(user.picture, 302);
    return reply.type('image/svg+xml').send(defaultAvatarSvg(user.handle));
  });

  route(app, userEndpoints.changeHandle, async (request) => {
    const me = requireUser(request);
    const target = await findUserByHandle(app.db, request.params.handle);
    if (!target) throw notFound('User not found');
    if (target.id !== me.id) throw forbidden('You can only change your own handle.');
    const result = await changeHandle(app.db, me.id, request.body.handle);
    if (!result.ok && result.reason === 'taken') {
      throw conflict(`The handle "${request.body.handle}" is already taken.`);
    }
    if (!result.ok) {
      throw conflict(
        `The handle "${request.body.handle}" was changed recently and stays reserved for its previous owner for ${HANDLE_RESERVED_DAYS} days.`,
      );
    }
    return { handle: result.handle };
  });
};

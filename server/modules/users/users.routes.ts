import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userEndpoints } from '#domain/endpoints/users';
import { route } from '../../http/route.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { defaultAvatarSvg } from './avatar.ts';
import { changeHandle, findUserByHandle, publicProfile } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, userEndpoints.get, async (request) => {
    const user = await findUserByHandle(app.db, request.params.handle);
    if (!user) throw notFound('User not found');
    return publicProfile(user, request.user?.id ?? null);
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
    if (!result.ok) throw conflict(`The handle "${request.body.handle}" is already taken.`);
    return { handle: result.handle };
  });
};

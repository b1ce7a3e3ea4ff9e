import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userEndpoints } from '#domain/endpoints/users';
import { route } from '../../http/route.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { refusal } from '#domain/roles';
import { requireUser } from '../auth/auth.plugin.ts';
import { appendLog } from '../moderation/moderation-log.ts';
import { defaultAvatarSvg } from './avatar.ts';
import { changeHandle, findUserByHandle, publicProfile, setUserRole } from './users.service.ts';

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

  // Admins only (the description's role; the hook answers 403 to anyone else first).
  route(app, userEndpoints.setRole, async (request) => {
    const me = requireUser(request);
    const target = await findUserByHandle(app.db, request.params.handle);
    if (!target) throw notFound('User not found');
    const refused = refusal(me, 'set_role', target);
    if (refused) throw forbidden(refused);
    const { role } = request.body;
    await app.db.transaction(async (tx) => {
      await setUserRole(tx, target.id, role);
      await appendLog(tx, { actorId: me.id, action: 'set_role', targetType: 'user', targetId: target.id, note: role });
    });
    return { handle: target.handle, role };
  });
};

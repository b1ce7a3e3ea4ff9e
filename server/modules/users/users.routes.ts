import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiUrl } from '#domain/endpoints/define';
import { userEndpoints } from '#domain/endpoints/users';
import { hasRole } from '#domain/roles';
import { HANDLE_RESERVED_DAYS } from '#domain/users';
import { route } from '../../http/route.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { clearSessionCookie, requireUser } from '../auth/auth.plugin.ts';
import { removeQueuedFiles } from '../images/file-deletions.service.ts';
import { defaultAvatarSvg } from './avatar.ts';
import { deleteAccount } from './account-deletion.service.ts';
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

  route(app, userEndpoints.remove, async (request, reply) => {
    const me = requireUser(request);
    const target = await findUserByHandle(app.db, request.params.handle);
    if (!target) throw notFound('User not found');
    if (target.is_system) throw forbidden('The system account cannot be deleted.');
    const self = target.id === me.id;
    if (!self && !hasRole(me.role, 'admin')) throw forbidden('You can only delete your own account.');
    const deleted = await deleteAccount(app.db, target.id, {
      removeBuildings: request.query.remove_buildings,
      actorId: me.id,
      uploadUrlTtlSeconds: app.config.storage.uploadUrlTtlSeconds,
    });
    if (!deleted) throw notFound('User not found');
    request.log.info(
      {
        userId: target.id,
        by: me.id,
        files: deleted.storageKeys.length,
        removedBuildings: deleted.removedBuildings,
        creditedBuildings: deleted.creditedBuildings,
      },
      'account deleted',
    );
    // After the commit: the files go now; what fails stays queued for the purge-file-deletions job.
    const files = await removeQueuedFiles(app.db, app.storage, { keys: deleted.storageKeys }).catch(
      (err: unknown) => {
        request.log.warn({ err }, 'could not remove the files of a deleted account; the purge job retries');
        return null;
      },
    );
    if (files && files.failed > 0)
      request.log.warn(files, 'files of a deleted account left for the purge job');
    await app.mapVersions.refresh();
    if (self) clearSessionCookie(app, reply);
    return reply.code(204).send(null);
  });
};

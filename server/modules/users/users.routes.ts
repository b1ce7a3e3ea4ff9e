import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemSchema } from '#domain/problem';
import {
  changeHandleBodySchema,
  changeHandleResponseSchema,
  handleParamsSchema,
  userSchema,
} from '#domain/users';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { defaultAvatarSvg } from './avatar.ts';
import { changeHandle, findUserByHandle, publicProfile } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:handle',
    {
      schema: {
        tags: ['users'],
        summary: 'Public profile; the email only to its owner',
        params: handleParamsSchema,
        response: { 200: userSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const user = await findUserByHandle(app.db, request.params.handle);
      if (!user) throw notFound('User not found');
      return publicProfile(user, request.user?.id ?? null);
    },
  );

  app.get(
    '/users/:handle/faceplate',
    {
      schema: {
        tags: ['users'],
        summary: 'The face picture: a redirect to it, or a generated SVG avatar when there is none',
        params: handleParamsSchema,
      },
    },
    async (request, reply) => {
      const user = await findUserByHandle(app.db, request.params.handle);
      if (!user) throw notFound('User not found');
      reply.header('cache-control', 'public, max-age=300');
      if (user.picture) return reply.redirect(user.picture, 302);
      return reply.type('image/svg+xml').send(defaultAvatarSvg(user.handle));
    },
  );

  app.patch(
    '/users/:handle/handle',
    {
      schema: {
        tags: ['users'],
        summary: 'Change your handle',
        params: handleParamsSchema,
        body: changeHandleBodySchema,
        response: {
          200: changeHandleResponseSchema,
          400: problemSchema,
          401: problemSchema,
          403: problemSchema,
          404: problemSchema,
          409: problemSchema,
        },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const target = await findUserByHandle(app.db, request.params.handle);
      if (!target) throw notFound('User not found');
      if (target.id !== me.id) throw forbidden('You can only change your own handle.');
      const result = await changeHandle(app.db, me.id, request.body.handle);
      if (!result.ok) throw conflict(`The handle "${request.body.handle}" is already taken.`);
      return { handle: result.handle };
    },
  );
};

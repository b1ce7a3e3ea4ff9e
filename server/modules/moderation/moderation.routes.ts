/**
 * /api/reports and /api/moderation. The role each route needs is in its description
 * (domain/endpoints/moderation.ts) and checked by the auth hook before validation; the handlers
 * check only what depends on the target (domain/roles.ts refusal).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moderationEndpoints } from '#domain/endpoints/moderation';
import { isSuspended } from '#domain/moderation';
import { refusal } from '#domain/roles';
import { route } from '../../http/route.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { mergeArchitects } from '../architects/architects.service.ts';
import { findUserByHandle, setUserRole } from '../users/users.service.ts';
import { restore } from './hiding.service.ts';
import { appendLog, listLog } from './moderation-log.ts';
import { createReport, reportQueue, resolveReports } from './reports.service.ts';
import { suspendUser, unsuspendUser } from './suspension.service.ts';

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Admins only (the description's role; the hook answers 403 to anyone else first).
  route(app, moderationEndpoints.setRole, async (request) => {
    const me = requireUser(request);
    const target = await findUserByHandle(app.db, request.params.handle);
    if (!target) throw notFound('User not found');
    const refused = refusal(me, 'set_role', target);
    if (refused) throw forbidden(refused);
    const { role } = request.body;
    await app.db.transaction(async (tx) => {
      await setUserRole(tx, target.id, role);
      await appendLog(tx, {
        actorId: me.id,
        action: 'set_role',
        targetType: 'user',
        targetId: target.id,
        note: role,
      });
    });
    return { handle: target.handle, role };
  });

  route(
    app,
    moderationEndpoints.report,
    async (request, reply) => {
      const me = requireUser(request);
      const result = await createReport(app.db, me, request.body);
      if (!result.ok) {
        if (result.reason === 'missing') throw notFound('There is nothing to report here.');
        throw conflict('You have already reported this; the moderators will look at it.');
      }
      return reply.code(201).send({ id: result.id });
    },
    { rateLimit: { max: app.config.reportRateLimit, timeWindow: 60_000 } },
  );

  route(app, moderationEndpoints.queue, async (request) => ({
    items: await reportQueue(app.db, request.query.status),
  }));

  route(app, moderationEndpoints.resolve, async (request) => {
    const me = requireUser(request);
    const result = await resolveReports(
      app.db,
      me,
      request.params.id,
      request.body.action,
      request.body.note,
    );
    if (result.ok) return { resolved: result.resolved };
    switch (result.reason) {
      case 'missing':
        throw notFound('Report not found');
      case 'resolved':
        throw conflict('This report is already resolved.');
      case 'not_hideable':
        throw badRequest(
          'Users are suspended and architects corrected, not hidden: dismiss this report instead.',
        );
      case 'target_gone':
        throw conflict('The reported content is gone: dismiss this report instead.');
    }
  });

  route(app, moderationEndpoints.restore, async (request, reply) => {
    const me = requireUser(request);
    const result = await restore(app.db, me, request.params.target_type, request.params.id);
    if (result === 'missing') throw notFound(`No ${request.params.target_type} ${request.params.id}`);
    return reply.code(204).send(null);
  });

  route(app, moderationEndpoints.suspend, async (request) => {
    const me = requireUser(request);
    const target = await findUserByHandle(app.db, request.params.handle);
    if (!target) throw notFound('User not found');
    const refused = refusal(me, 'suspend', target);
    if (refused) throw forbidden(refused);
    const until = request.body.until === undefined ? null : new Date(request.body.until);
    if (until && until.getTime() <= Date.now()) throw badRequest('until must be in the future');
    await suspendUser(app.db, me, target.id, request.body.reason, until);
    return {
      handle: target.handle,
      suspended: true,
      until: until?.toISOString() ?? null,
      reason: request.body.reason,
    };
  });

  route(app, moderationEndpoints.unsuspend, async (request) => {
    const me = requireUser(request);
    const target = await findUserByHandle(app.db, request.params.handle);
    if (!target) throw notFound('User not found');
    const refused = refusal(me, 'suspend', target);
    if (refused) throw forbidden(refused);
    if (isSuspended(target)) await unsuspendUser(app.db, me, target.id);
    return { handle: target.handle, suspended: false, until: null, reason: null };
  });

  route(app, moderationEndpoints.mergeArchitect, async (request) => {
    const me = requireUser(request);
    const result = await mergeArchitects(app.db, me, request.params.id, request.body.into);
    if (result.ok) return result.merged;
    switch (result.reason) {
      case 'same':
        throw badRequest('An architect cannot be merged into itself.');
      case 'missing':
        throw notFound('Architect not found');
      case 'missing_into':
        throw notFound(`No architect ${request.body.into} to merge into`);
    }
  });

  route(app, moderationEndpoints.log, async (request) => {
    const { page, per_page } = request.query;
    const { items, has_more } = await listLog(app.db, page, per_page);
    return { items, page, per_page, has_more };
  });
};

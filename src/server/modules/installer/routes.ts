// First run: creates the first administrator and the top page, then signs them in.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { conflict } from '../../lib/app-error';
import { translator } from '../../lib/i18n';
import { startSignedInSession } from '../auth/session-start';
import { toCurrentUser } from '../users/service';
import { userFields } from '../users/schemas';
import type { InstallerRequest } from '../../../shared/api-types';

export default async function installerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post<{ Body: InstallerRequest }>(
    '/installer',
    {
      schema: {
        body: {
          type: 'object',
          required: ['username', 'name', 'email', 'password', 'lang'],
          properties: userFields,
        },
      },
    },
    async (request, reply) => {
      // Permission: only while no user exists at all (409 afterwards).
      const alreadyInstalled = () => {
        if (ctx.users.count() > 0) throw conflict('already_installed', 'errors.already_installed');
      };
      alreadyInstalled();
      const admin = await ctx.users.create({ ...request.body, admin: true }, alreadyInstalled);
      const access = {
        viewer: { id: admin.id, admin: true },
        restrictGuestMode: request.access.restrictGuestMode,
      };
      if (!ctx.pages.exists('/')) {
        const body = translator(request.body.lang)('welcome.body', { title: ctx.settings.get('app:title') });
        ctx.pages.create(access, { path: '/', body });
      }
      await startSignedInSession(ctx, request, admin.id);
      return reply.status(201).send({ currentUser: toCurrentUser(admin) });
    },
  );
}

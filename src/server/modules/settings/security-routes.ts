// Admin security settings. This issue adds only the complete-deletion authority (SPEC §4); the
// accounts issue adds the rest of the screen. Permission: requireAdmin.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../lib/guards';
import { DELETION_AUTHORITIES, type PageCompleteDeletionAuthority } from '../../../shared/page-tree-types';

export default async function securitySettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const current = () => ({
    pageCompleteDeletionAuthority: ctx.settings.get('security:pageCompleteDeletionAuthority'),
  });

  app.get('/security-setting/general-setting', async (request) => {
    requireAdmin(request);
    return { generalSetting: current() };
  });

  app.put<{ Body: { pageCompleteDeletionAuthority: PageCompleteDeletionAuthority } }>(
    '/security-setting/general-setting',
    {
      schema: {
        body: {
          type: 'object',
          required: ['pageCompleteDeletionAuthority'],
          properties: { pageCompleteDeletionAuthority: { type: 'string', enum: [...DELETION_AUTHORITIES] } },
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      ctx.settings.set('security:pageCompleteDeletionAuthority', request.body.pageCompleteDeletionAuthority);
      return { generalSetting: current() };
    },
  );
}

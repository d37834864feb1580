// Admin settings of comments: line breaks in comments (SPEC §3) and read-only users commenting.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../lib/guards';
import type { CommentSettings } from '../../../shared/social-types';

export default async function commentSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const read = (): CommentSettings => ({
    isEnabledLinebreaksInComments: ctx.settings.get('markdown:isEnabledLinebreaksInComments'),
    isRomUserAllowedToComment: ctx.settings.get('security:isRomUserAllowedToComment'),
  });

  app.get('/comment-setting', async (request) => {
    requireAdmin(request);
    return { commentSettingParams: read() };
  });

  app.put<{ Body: Partial<CommentSettings> }>(
    '/comment-setting',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            isEnabledLinebreaksInComments: { type: 'boolean' },
            isRomUserAllowedToComment: { type: 'boolean' },
          },
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      const body = request.body;
      if (body.isEnabledLinebreaksInComments !== undefined) {
        ctx.settings.set('markdown:isEnabledLinebreaksInComments', body.isEnabledLinebreaksInComments);
      }
      if (body.isRomUserAllowedToComment !== undefined) {
        ctx.settings.set('security:isRomUserAllowedToComment', body.isRomUserAllowedToComment);
      }
      return { commentSettingParams: read() };
    },
  );
}

// GROWI 7's personal access tokens (`/personal-setting/access-token`): signed-in users manage their
// own; read-only users may not make one (as GROWI). Scopes are checked on each call (http/identity.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { forbidden } from '../../lib/app-error';
import { requireUser } from '../../lib/guards';
import { ID, jsonBody } from '../../lib/schemas';
import { ACCESS_TOKEN_DESCRIPTION_MAX } from './access-tokens';

interface GenerateBody {
  expiredAt: string;
  description?: string;
  scopes?: string[];
}

export default async function accessTokenRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/personal-setting/access-token', async (request) => ({
    accessTokens: ctx.accessTokens.list(requireUser(request).id),
  }));

  app.post<{ Body: GenerateBody }>(
    '/personal-setting/access-token',
    jsonBody(
      {
        expiredAt: { type: 'string', format: 'date-time' },
        description: { type: 'string', maxLength: ACCESS_TOKEN_DESCRIPTION_MAX },
        scopes: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 100 } },
      },
      { required: ['expiredAt'] },
    ),
    async (request) => {
      const user = requireUser(request);
      if (user.readOnly) throw forbidden('read_only_user', 'accounts.read_only_user');
      const { expiredAt, description, scopes } = request.body;
      return ctx.accessTokens.generate(user.id, { expiredAt: new Date(expiredAt), description, scopes });
    },
  );

  app.delete<{ Querystring: { tokenId: string } }>(
    '/personal-setting/access-token',
    { schema: { querystring: { type: 'object', required: ['tokenId'], properties: { tokenId: ID } } } },
    async (request) => {
      ctx.accessTokens.remove(requireUser(request).id, request.query.tokenId);
      return {};
    },
  );

  app.delete('/personal-setting/access-token/all', async (request) => {
    ctx.accessTokens.removeAll(requireUser(request).id);
    return {};
  });
}

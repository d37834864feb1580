// GROWI 7's personal access tokens (`/personal-setting/access-token`): signed-in users manage their
// own; read-only users may not make one (as GROWI). Scopes are checked on each call (http/identity.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { forbidden } from '../../lib/app-error';
import { requireUser } from '../../lib/guards';
import { contractRoute } from '../../lib/contract-route';
import {
  accessTokenGenerate,
  accessTokenRemove,
  accessTokens,
  accessTokensRemoveAll,
} from '../../../shared/contracts/personal-settings';

export default async function accessTokenRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, accessTokens, async (request) => ({
    accessTokens: ctx.accessTokens.list(requireUser(request).id),
  }));

  contractRoute(app, accessTokenGenerate, async (request) => {
    const user = requireUser(request);
    if (user.readOnly) throw forbidden('read_only_user', 'accounts.read_only_user');
    const { expiredAt, description, scopes } = request.body;
    return ctx.accessTokens.generate(user.id, { expiredAt: new Date(expiredAt), description, scopes });
  });

  contractRoute(app, accessTokenRemove, async (request) => {
    ctx.accessTokens.remove(requireUser(request).id, request.query.tokenId);
    return {};
  });

  contractRoute(app, accessTokensRemoveAll, async (request) => {
    ctx.accessTokens.removeAll(requireUser(request).id);
    return {};
  });
}

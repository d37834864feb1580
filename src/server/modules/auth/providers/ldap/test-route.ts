// The LDAP test form's call (older API, SPEC §7): `POST /_api/login/testLdap` against the saved
// settings. Permission: requireAdmin (GROWI lets any signed-in user call it; its answer describes
// the directory configuration, which is the admins' business). The bind password is never echoed.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../../context';
import { requireAdmin } from '../../../../lib/guards';
import { requestLang, translator } from '../../../../lib/i18n';
import { legacyErrorHandler } from '../../../../http/legacy-errors';
import { credentialsOf, type LoginBody } from '../../password-sign-in';
import { testLdap } from '../../../../../shared/contracts/auth';
import { contractRoute } from '../../../../lib/contract-route';
import type { TestLdapResponse } from '../../../../../shared/sign-in-types';

export default async function ldapTestRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(
    app,
    testLdap,
    async (request): Promise<TestLdapResponse> => {
      requireAdmin(request);
      const { username, password } = credentialsOf(request.body as LoginBody);
      const { messageKey, ...answer } = await ctx.ldap.test(username, password);
      return { ...answer, message: translator(requestLang(request))(messageKey) };
    },
    { errorHandler: legacyErrorHandler },
  );
}

// The LDAP test form's call (older API, SPEC §7): `POST /_api/login/testLdap` against the saved
// settings. Permission: requireAdmin (GROWI lets any signed-in user call it; its answer describes
// the directory configuration, which is the admins' business). The bind password is never echoed.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../../context';
import { requireAdmin } from '../../../../lib/guards';
import { requestLang, translator } from '../../../../lib/i18n';
import { legacyErrorHandler } from '../../../../http/legacy-errors';
import { credentialsOf, type LoginBody } from '../../password-sign-in';
import { login } from '../../../../../shared/contracts/auth';
import type { TestLdapResponse } from '../../../../../shared/sign-in-types';

export default async function ldapTestRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post<{ Body: LoginBody }>(
    '/login/testLdap',
    { schema: { body: login.body }, errorHandler: legacyErrorHandler },
    async (request): Promise<TestLdapResponse> => {
      requireAdmin(request);
      const { username, password } = credentialsOf(request.body);
      const { messageKey, ...answer } = await ctx.ldap.test(username, password);
      return { ...answer, message: translator(requestLang(request))(messageKey) };
    },
  );
}

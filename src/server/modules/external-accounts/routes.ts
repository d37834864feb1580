// External accounts over HTTP: the admin list and removal (GROWI's /users/external-accounts), and a
// user's own links on /me (associate an LDAP account with its password, disassociate).
// Permission: requireAdmin for /users/…, requireUser for /personal-setting/….
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin, requireUser } from '../../lib/guards';
import { accountNamed, checkPasswordAttempt } from '../auth/password-attempts';
import { EXTERNAL_ACCOUNTS_PAGE_SIZE, type ExternalAccountRow } from './service';
import type { AdminExternalAccount, ExternalAccountsPage } from '../../../shared/sign-in-types';
import type { ExternalAccount } from '../../../shared/account-types';
import { jsonBody } from '../../lib/schemas';
import { paginateResult } from '../../lib/paginate';

const toExternalAccount = (row: ExternalAccountRow): ExternalAccount => ({
  _id: row.id,
  providerType: row.providerType,
  accountId: row.accountId,
  createdAt: row.createdAt.toISOString(),
});

const LDAP_CREDENTIALS = {
  type: 'object',
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
  },
} as const;

export default async function externalAccountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const accounts = ctx.externalAccounts;

  app.get<{ Querystring: { page?: number } }>(
    '/users/external-accounts',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { page: { type: 'integer', minimum: 1, maximum: 1_000_000 } },
        },
      },
    },
    async (request): Promise<ExternalAccountsPage> => {
      requireAdmin(request);
      const page = request.query.page ?? 1;
      const { rows, total } = accounts.page(page);
      const limit = EXTERNAL_ACCOUNTS_PAGE_SIZE;
      const docs: AdminExternalAccount[] = rows.map(({ account, user }) => ({
        ...toExternalAccount(account),
        id: account.id,
        user: {
          _id: user.id,
          username: user.username,
          name: user.name,
          hasPassword: user.passwordHash !== null,
        },
      }));
      return { paginateResult: paginateResult(docs, total, (page - 1) * limit, limit) };
    },
  );

  app.delete<{ Params: { id: string } }>('/users/external-accounts/:id/remove', async (request) => {
    requireAdmin(request);
    return { externalAccount: toExternalAccount(accounts.remove(request.params.id)) };
  });

  app.put<{ Body: { username: string; password: string } }>(
    '/personal-setting/associate-ldap',
    { schema: { body: LDAP_CREDENTIALS } },
    async (request, reply) => {
      const user = requireUser(request);
      // A directory password guessed here counts against the sign-in limit of that name.
      const { username, password } = request.body;
      const row = await checkPasswordAttempt(ctx, request, reply, accountNamed(ctx, username), () =>
        ctx.ldap.associate(user, username, password, request.log),
      );
      return { associateUser: toExternalAccount(row) };
    },
  );

  app.put<{ Body: { providerType: string; accountId: string } }>(
    '/personal-setting/disassociate-ldap',
    jsonBody(
      {
        providerType: { type: 'string', minLength: 1, maxLength: 32 },
        accountId: { type: 'string', minLength: 1, maxLength: 254 },
      },
      { required: ['providerType', 'accountId'] },
    ),
    async (request) => {
      const user = requireUser(request);
      accounts.unlinkOwn(user, request.body.providerType, request.body.accountId);
      return {
        disassociateUser: { providerType: request.body.providerType, accountId: request.body.accountId },
      };
    },
  );
}

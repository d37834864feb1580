// External accounts over HTTP: the admin list and removal (GROWI's /users/external-accounts), and a
// user's own links on /me (associate an LDAP account with its password, disassociate).
// Permission: requireAdmin for /users/…, requireUser for /personal-setting/….
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin, requireUser } from '../../lib/guards';
import { accountNamed, checkPasswordAttempt } from '../auth/password-attempts';
import { EXTERNAL_ACCOUNTS_PAGE_SIZE, type ExternalAccountRow } from './service';
import type { ExternalAccount } from '../../../shared/account-types';
import { contractRoute } from '../../lib/contract-route';
import {
  associateLdap,
  disassociateLdap,
  externalAccountRemove,
  externalAccountsList,
  myExternalAccounts,
} from '../../../shared/contracts/external-accounts';
import { paginateResult } from '../../lib/paginate';

const toExternalAccount = (row: ExternalAccountRow): ExternalAccount => ({
  _id: row.id,
  providerType: row.providerType,
  accountId: row.accountId,
  createdAt: row.createdAt.toISOString(),
});

export default async function externalAccountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const accounts = ctx.externalAccounts;

  contractRoute(app, externalAccountsList, async (request) => {
    requireAdmin(request);
    const { page } = request.query;
    const { rows, total } = accounts.page(page);
    const limit = EXTERNAL_ACCOUNTS_PAGE_SIZE;
    const docs = rows.map(({ account, user }) => ({
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
  });

  contractRoute(app, externalAccountRemove, async (request) => {
    requireAdmin(request);
    return { externalAccount: toExternalAccount(accounts.remove(request.params.id)) };
  });

  contractRoute(app, myExternalAccounts, async (request) => ({
    externalAccounts: accounts.listOf(requireUser(request).id).map(toExternalAccount),
  }));

  contractRoute(app, associateLdap, async (request, reply) => {
    const user = requireUser(request);
    // A directory password guessed here counts against the sign-in limit of that name.
    const { username, password } = request.body;
    const row = await checkPasswordAttempt(ctx, request, reply, accountNamed(ctx, username), () =>
      ctx.ldap.associate(user, username, password, request.log),
    );
    return { associateUser: toExternalAccount(row) };
  });

  contractRoute(app, disassociateLdap, async (request) => {
    const user = requireUser(request);
    accounts.unlinkOwn(user, request.body.providerType, request.body.accountId);
    return {
      disassociateUser: { providerType: request.body.providerType, accountId: request.body.accountId },
    };
  });
}

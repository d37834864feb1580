// Users admin (`/admin/users`): HTTP only. Permission: requireAdmin on every route (403 for users).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../lib/guards';
import { requestLang, translator } from '../../lib/i18n';
import { contractRoute } from '../../lib/contract-route';
import type { Contract } from '../../../shared/contracts/define';
import {
  userActivate,
  userDeactivate,
  userGrantAdmin,
  userGrantReadOnly,
  userRemove,
  userResetPassword,
  userRevokeAdmin,
  userRevokeReadOnly,
  usersInvite,
  usersList,
} from '../../../shared/contracts/users';
import { toAdminUser } from './admin-service';
import { USER_STATUS } from '../../../shared/account-types';
import { queueInvitationMails } from '../notifications/mail/invitation-mail';
import { toUserSummary, type UserRow } from './service';

type Toggle = (ctx: AppContext, actor: UserRow, id: string) => UserRow;
const TOGGLES: [Contract, Toggle][] = [
  [userGrantAdmin, (ctx, actor, id) => ctx.userAdmin.setAdmin(actor.id, id, true)],
  [userRevokeAdmin, (ctx, actor, id) => ctx.userAdmin.setAdmin(actor.id, id, false)],
  [userGrantReadOnly, (ctx, _actor, id) => ctx.userAdmin.setReadOnly(id, true)],
  [userRevokeReadOnly, (ctx, _actor, id) => ctx.userAdmin.setReadOnly(id, false)],
  [userActivate, (ctx, _actor, id) => ctx.userAdmin.activate(id)],
  [userDeactivate, (ctx, actor, id) => ctx.userAdmin.deactivate(actor.id, id)],
];

/** GROWI's status names as numbers (`all`: every status; none given: no filter). */
function statusNumbers(list: readonly (string | number)[] | undefined): number[] | undefined {
  if (!list || list.includes('all')) return undefined;
  return list.map((item) =>
    typeof item === 'number' ? item : STATUS_NUMBER[item as keyof typeof STATUS_NUMBER],
  );
}
/** GROWI's `deleted` (4) never matches: Quire removes accounts. */
const STATUS_NUMBER = { ...USER_STATUS, deleted: 4 } as const;

export default async function userAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, usersList, async (request) => {
    requireAdmin(request);
    const { page, limit, searchText, selectedStatusList } = request.query;
    return ctx.userAdmin.list({ page, limit, searchText, statuses: statusNumbers(selectedStatusList) });
  });

  contractRoute(app, usersInvite, async (request, reply) => {
    const admin = requireAdmin(request);
    const result = await ctx.userAdmin.invite(request.body.shapedEmailList, admin.lang);
    // "Send e-mail": each invitee gets their temporary password by mail, through the outbox.
    if (request.body.sendEmail) queueInvitationMails(ctx, request, result.createdUserList, admin.lang);
    const t = translator(requestLang(request));
    return reply.status(201).send({
      ...result,
      failedEmailList: result.failedEmailList.map((f) => ({ email: f.email, reason: t(f.reason) })),
    });
  });

  for (const [contract, toggle] of TOGGLES) {
    contractRoute(app, contract as typeof userGrantAdmin, async (request) => {
      const admin = requireAdmin(request);
      return { userData: toAdminUser(toggle(ctx, admin, request.params.id)) };
    });
  }

  contractRoute(app, userResetPassword, async (request) => {
    requireAdmin(request);
    const { user, newPassword } = await ctx.userAdmin.resetPassword(request.body.id);
    return { newPassword, user: toUserSummary(user) };
  });

  contractRoute(app, userRemove, async (request) => {
    const admin = requireAdmin(request);
    const removed = toAdminUser(ctx.userAdmin.remove(admin.id, request.params.id));
    return { user: removed, userData: removed };
  });
}

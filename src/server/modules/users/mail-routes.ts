// GROWI's admin mails about an account (`/admin/users`): the invitation sent again with a new
// temporary password, and a password the admin just reset. Admins only; through the outbox, so a
// mail server that is down delays them, never loses them. Without mail settings, nothing happens
// and the admin hears why.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict } from '../../lib/app-error';
import { requireAdmin } from '../../lib/guards';
import { requestLang, translator } from '../../lib/i18n';
import { contractRoute } from '../../lib/contract-route';
import { userResetPasswordEmail, userSendInvitationEmail } from '../../../shared/contracts/users';
import { siteUrlOf } from '../../lib/site-url';
import { USER_STATUS } from '../../../shared/account-types';
import { isMailerSetUp } from '../notifications/mail/mailer';
import { adminResetMail } from '../notifications/mail/admin-reset-mail';
import { queueInvitationMails } from '../notifications/mail/invitation-mail';
import { verifyPassword } from './password';
import { userNotFound } from './admin-service';

function assertMail(ctx: AppContext, request: FastifyRequest): void {
  if (isMailerSetUp(ctx.settings)) return;
  const reason = translator(requestLang(request))('notifications.mail_not_set_up');
  throw new AppError(400, 'mail_not_set_up', 'accounts.mail_needed', { reason });
}

export default async function userMailRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, userSendInvitationEmail, async (request) => {
    const admin = requireAdmin(request);
    assertMail(ctx, request);
    const user = ctx.users.findById(request.body.id);
    if (!user) throw userNotFound();
    if (user.status !== USER_STATUS.invited)
      throw conflict('not_invited', 'accounts.not_invited', { username: user.username });
    const { newPassword } = await ctx.userAdmin.resetPassword(user.id);
    queueInvitationMails(
      ctx,
      request,
      [{ email: user.email, password: newPassword, user: { _id: user.id } }],
      admin.lang,
    );
    return {};
  });

  contractRoute(app, userResetPasswordEmail, async (request) => {
    requireAdmin(request);
    assertMail(ctx, request);
    const user = ctx.users.findById(request.body.id);
    if (!user) throw userNotFound();
    // Only the password the account has now (just reset): the mail never carries other text.
    if (!(await verifyPassword(request.body.newPassword, user.passwordHash)))
      throw badRequest('reset_password_mismatch', 'accounts.reset_password_mismatch');
    const message = adminResetMail(
      ctx.settings,
      user,
      request.body.newPassword,
      siteUrlOf(ctx.settings, request),
    );
    ctx.notifications.enqueueMail(`admin-reset:${user.id}:${Date.now()}`, message);
    return {};
  });
}

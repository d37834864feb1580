// HTTP for "forgot password" (GROWI's routes): `POST /_api/v3/forgot-password {email}` mails a
// link when the address is someone's and answers the same when it is not; `POST
// /_api/v3/forgot-password/check {token}` says whether a link still works (the token stays out of
// URLs the server logs); `PUT /_api/v3/forgot-password {token, newPassword, newPasswordConfirm}`
// sets the password. Permission: anyone — the link is the proof; asking is limited per address
// (one mail a minute) and per client (RESET_REQUESTS_PER_HOUR).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { siteUrlOf } from '../../lib/site-url';
import { passwordResetMail } from '../notifications/mail/password-reset-mail';
import { contractRoute } from '../../lib/contract-route';
import { hourlyLimit } from '../../lib/hourly-limit';
import { forgotPassword, forgotPasswordCheck, forgotPasswordReset } from '../../../shared/contracts/auth';
import { toUserSummary } from './service';
import { RESET_LINK_LIFETIME_MS } from './password-reset';

export const RESET_REQUESTS_PER_HOUR = 20;

export default async function passwordResetRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(
    app,
    forgotPassword,
    async (request) => {
      const site = siteUrlOf(ctx.settings, request);
      // The same answer, in the same time, whether the address is someone's or not: the look-up
      // and the link happen after it.
      ctx.passwordReset.orderLater(
        request.body.email,
        ({ token, user }) =>
          ctx.notifications.enqueueMail(
            `password-reset:${user.id}:${Date.now()}`,
            passwordResetMail(
              ctx.settings,
              user,
              `${site}/forgot-password/${token}`,
              RESET_LINK_LIFETIME_MS / 60_000,
            ),
          ),
        (err) => request.log.error({ err }, 'password reset link could not be ordered'),
      );
      return {};
    },
    {
      // Per address, one mail a minute (the service); per client, a bound on asking at all.
      config: hourlyLimit(
        RESET_REQUESTS_PER_HOUR,
        'too_many_reset_requests',
        'accounts.too_many_reset_requests',
      ),
    },
  );

  contractRoute(app, forgotPasswordCheck, async (request) => ({
    isOpen: ctx.passwordReset.isOpen(request.body.token),
  }));

  contractRoute(app, forgotPasswordReset, async (request) => {
    const { token, newPassword, newPasswordConfirm } = request.body;
    const user = await ctx.passwordReset.reset(token, newPassword, newPasswordConfirm);
    return { userData: toUserSummary(user) };
  });
}

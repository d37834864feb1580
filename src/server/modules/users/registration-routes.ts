// Registration (`POST /register`) and the completion of an invitation (`POST /invited`).
// Permission: register is open to guests per the registration mode (Closed: 403); invited needs
// the signed-in invited user.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { startSignedInSession } from '../auth/session-start';
import { queueApprovalRequestMails } from '../notifications/mail/approval-mail';
import { USER_STATUS } from '../../db/schema';
import { requireUser } from '../../lib/guards';
import { requestLang } from '../../lib/i18n';
import { hourlyLimit } from '../../lib/hourly-limit';
import { contractRoute } from '../../lib/contract-route';
import { invited, register } from '../../../shared/contracts/auth';
import { toCurrentUser } from './service';

/**
 * Sign-ups per client address and hour, counted before validation: enough for a team behind one
 * address, too few to fill the user list or the approval queue from a script.
 */
export const REGISTRATIONS_PER_HOUR = 20;

export default async function registrationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(
    app,
    register,
    async (request, reply) => {
      const form = request.body.registerForm;
      const user = await ctx.registration.register({ ...form, lang: form.lang ?? requestLang(request) });
      if (user.status !== USER_STATUS.active) {
        // Restricted: the administrators are told by mail (when mail is set up).
        queueApprovalRequestMails(ctx, request, user);
        return reply.status(202).send({ redirectTo: '/', pending: true as const });
      }
      // Open registration signs the new user in.
      await startSignedInSession(ctx, request, user.id);
      return reply.status(201).send({ redirectTo: '/', currentUser: toCurrentUser(user) });
    },
    {
      config: hourlyLimit(REGISTRATIONS_PER_HOUR, 'too_many_registrations', 'errors.too_many_registrations'),
    },
  );

  contractRoute(app, invited, async (request) => {
    const user = requireUser(request);
    const active = await ctx.registration.completeInvitation(user, request.body.invitedForm);
    // The account gains its rights now: a fresh session, as at sign-in.
    await startSignedInSession(ctx, request, active.id);
    return { redirectTo: '/', currentUser: toCurrentUser(active) };
  });
}

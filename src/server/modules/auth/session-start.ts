// Every way of signing in ends here: the password form, LDAP, the redirect sign-ins, the installer,
// open registration and a completed invitation.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';

/** Signs `userId` in on this request: a fresh session id (defeats session fixation), and the time. */
export async function startSignedInSession(ctx: AppContext, request: FastifyRequest, userId: string) {
  await request.session.regenerate();
  request.session.userId = userId;
  try {
    ctx.users.markSignedIn(userId);
  } catch {
    // The time of a sign-in is not worth refusing it for (a full disk, issue 26).
  }
}

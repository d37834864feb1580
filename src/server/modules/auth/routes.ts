// Sign-in with a password (local, then LDAP) and sign-out, and the CSRF token for scripts and the web app.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { startSignedInSession } from './session-start';
import { toCurrentUser } from '../users/service';
import { accountNamed, checkPasswordAttempt } from './password-attempts';
import { credentialsOf, signInWithPassword } from './password-sign-in';
import { contractRoute } from '../../lib/contract-route';
import { csrfToken, login, logout } from '../../../shared/contracts/auth';

export async function apiAuthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Anyone may ask for a token: it is bound to their own session.
  contractRoute(app, csrfToken, async (_request, reply) => ({ token: reply.generateCsrf() }));

  contractRoute(app, login, async (request, reply) => {
    const { username, password } = credentialsOf(request.body);
    // Refusals after a right directory password (not in the groups, name taken) count too.
    const user = await checkPasswordAttempt(ctx, request, reply, accountNamed(ctx, username), async () => {
      const found = await signInWithPassword(ctx, username, password, request.log);
      if (!found) throw new AppError(401, 'sign_in_failure', 'errors.sign_in_failure');
      return found;
    });
    await startSignedInSession(ctx, request, user.id);
    // GROWI answers where to go next; the web app also needs who is now signed in.
    return { redirectTo: '/', currentUser: toCurrentUser(user) };
  });

  contractRoute(app, logout, async (request) => {
    await request.session.destroy();
    return {};
  });
}

/**
 * A real sign-out navigation: the browser's own fetch metadata says it is a document the user
 * navigated to, not from another site. Anything else (an `<img src="/logout">` in a page, a link
 * from another site) must not sign the viewer out. Clients without fetch metadata (scripts, old
 * browsers) are trusted, as SameSite=Lax already keeps cross-site sub-requests cookie-less.
 */
export function isSignOutNavigation(headers: Record<string, string | string[] | undefined>): boolean {
  const dest = headers['sec-fetch-dest'];
  const site = headers['sec-fetch-site'];
  if (dest !== undefined && dest !== 'document') return false;
  return site === undefined || site === 'same-origin' || site === 'none';
}

/** SPEC §7: signing out is a navigation to /logout. */
export async function logoutPageRoute(app: FastifyInstance) {
  app.get('/logout', async (request, reply) => {
    if (request.session.userId && isSignOutNavigation(request.headers)) await request.session.destroy();
    return reply.redirect('/');
  });
}

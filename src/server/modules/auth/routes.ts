// Local sign-in and sign-out, and the CSRF token for scripts and the web app.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { toCurrentUser } from '../users/service';
import { LoginThrottle } from './login-throttle';
import type { LoginRequest } from '../../../shared/api-types';

export async function apiAuthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const throttle = new LoginThrottle();

  // Anyone may ask for a token: it is bound to their own session.
  app.get('/csrf-token', async (request, reply) => ({ token: reply.generateCsrf() }));

  app.post<{ Body: LoginRequest }>(
    '/login',
    {
      schema: {
        body: {
          type: 'object',
          required: ['username', 'password'],
          properties: {
            username: { type: 'string', minLength: 1, maxLength: 254 },
            password: { type: 'string', minLength: 1, maxLength: 1024 },
          },
        },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const waitMs = throttle.retryAfter(request.ip, username);
      if (waitMs > 0) {
        const minutes = Math.ceil(waitMs / 60_000);
        reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
        throw new AppError(429, 'too_many_attempts', 'errors.too_many_attempts', { minutes });
      }
      const user = await ctx.users.authenticate(username, password);
      if (!user) {
        throttle.recordFailure(request.ip, username);
        throw new AppError(401, 'sign_in_failure', 'errors.sign_in_failure');
      }
      throttle.recordSuccess(username);
      // A fresh session id at sign-in defeats session fixation.
      await request.session.regenerate();
      request.session.userId = user.id;
      return { currentUser: toCurrentUser(user) };
    },
  );

  app.post('/logout', async (request) => {
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

// OpenID Connect's way in: GROWI's /passport/oidc and its callback. Permission: public by nature
// (it is how people sign in); the session carries the state, nonce and PKCE verifier, used once.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../../context';
import { AppError } from '../../../../lib/app-error';
import { siteUrlOf } from '../../../../lib/site-url';
import { callbackUrlOf, failTo } from '../../redirect-sign-in';
import { startSignedInSession } from '../../session-start';
import type { OidcPending } from './strategy';

declare module 'fastify' {
  interface Session {
    /** The state, nonce and PKCE verifier of the OIDC sign-in under way, used once. */
    oidcPending?: OidcPending;
  }
}

export default async function oidcSignInRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // A server started with OIDC on discovers its provider in the background, never delaying start.
  if (ctx.oidc.isEnabled()) void ctx.oidc.setUp();

  app.get('/passport/oidc', async (request, reply) => {
    try {
      const { url, pending } = await ctx.oidc.begin(callbackUrlOf(ctx, request, 'oidc'));
      request.session.oidcPending = pending;
      return reply.redirect(url.href);
    } catch (err) {
      return failTo(reply, request, err);
    }
  });

  app.get('/passport/oidc/callback', async (request, reply) => {
    const pending = request.session.oidcPending;
    // One use only: a replayed callback finds nothing to finish.
    request.session.oidcPending = undefined;
    try {
      if (!pending) throw new AppError(401, 'sign_in_failure', 'errors.sign_in_failure');
      const callback = new URL(request.url, siteUrlOf(ctx.settings, request));
      const user = await ctx.oidc.complete(callback, pending);
      await startSignedInSession(ctx, request, user.id);
      return reply.redirect('/');
    } catch (err) {
      return failTo(reply, request, err);
    }
  });
}

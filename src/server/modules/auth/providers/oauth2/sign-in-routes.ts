// A plain OAuth 2 provider's way in (GitHub, Google): GROWI's /passport/<id> and its callback.
// Permission: public by nature; the session carries the state and PKCE verifier, used once.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../../context';
import { AppError } from '../../../../lib/app-error';
import { siteUrlOf } from '../../../../lib/site-url';
import { callbackUrlOf, failTo } from '../../redirect-sign-in';
import { startSignedInSession } from '../../session-start';
import type { OAuth2SignInService } from './service';
import type { OAuthPending } from './strategy';

declare module 'fastify' {
  interface Session {
    /** The state and PKCE verifier of the GitHub or Google sign-in under way, used once. */
    oauth2Pending?: OAuthPending & { provider: 'github' | 'google' };
  }
}

/** The routes of the provider `serviceOf` picks from the context. */
export function oauth2SignInRoutes(serviceOf: (ctx: AppContext) => OAuth2SignInService) {
  return async function oauth2Routes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
    const service = serviceOf(ctx);
    const id = service.provider.id;
    app.get(`/passport/${id}`, async (request, reply) => {
      try {
        const { url, pending } = await service.begin(callbackUrlOf(ctx, request, id));
        request.session.oauth2Pending = { ...pending, provider: id };
        return reply.redirect(url.href);
      } catch (err) {
        return failTo(reply, request, err);
      }
    });

    app.get(`/passport/${id}/callback`, async (request, reply) => {
      const pending = request.session.oauth2Pending;
      // One use only: a replayed callback finds nothing to finish.
      request.session.oauth2Pending = undefined;
      try {
        if (pending?.provider !== id) throw new AppError(401, 'sign_in_failure', 'errors.sign_in_failure');
        const user = await service.complete(new URL(request.url, siteUrlOf(ctx.settings, request)), pending);
        await startSignedInSession(ctx, request, user.id);
        return reply.redirect('/');
      } catch (err) {
        return failTo(reply, request, err);
      }
    });
  };
}

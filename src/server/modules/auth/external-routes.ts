// The redirect sign-ins (GROWI's /passport/<id> and callbacks). A failure never hangs or answers
// 500: it comes back to /login?externalAccountLoginError=<code>, which the login page translates.
// Permission: public by nature (they are how people sign in); the session carries the checks.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { startSignedInSession } from './session-start';
import { siteUrlOf } from '../../lib/site-url';
import type { OidcPending } from './strategies/oidc';
import type { OAuthPending } from './strategies/oauth2';
import type { OAuth2SignInService } from './oauth2-service';

declare module 'fastify' {
  interface Session {
    /** The state, nonce and PKCE verifier of the OIDC sign-in under way, used once. */
    oidcPending?: OidcPending;
    /** The state and PKCE verifier of the GitHub or Google sign-in under way, used once. */
    oauth2Pending?: OAuthPending & { provider: 'github' | 'google' };
    /** The SAML requests this browser started (id, when), each finished once (saml-service.ts). */
    samlPending?: { id: string; at: number }[];
  }
}

/** node-saml keeps the ids of its requests this long (strategies/saml.ts). */
const SAML_REQUEST_MS = 10 * 60 * 1000;
const MAX_SAML_PENDING = 5;

export const callbackUrlOf = (ctx: AppContext, request: FastifyRequest, provider: string) =>
  `${siteUrlOf(ctx.settings, request)}/passport/${provider}/callback`;

function failTo(reply: FastifyReply, request: FastifyRequest, err: unknown) {
  const code = err instanceof AppError ? err.code : 'sign_in_failure';
  if (!(err instanceof AppError)) request.log.warn({ err }, 'external sign-in failed');
  // 303 after a POST (SAML's answer): the browser follows with a GET.
  const to = `/login?externalAccountLoginError=${encodeURIComponent(code)}`;
  return reply.redirect(to, request.method === 'POST' ? 303 : 302);
}

export default async function externalSignInRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
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

  for (const service of [ctx.github, ctx.google] as OAuth2SignInService[]) {
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
  }

  app.get('/passport/saml', async (request, reply) => {
    try {
      const { url, requestId } = await ctx.saml.begin(callbackUrlOf(ctx, request, 'saml'));
      // This browser's own requests: a few tabs at once, each for as long as node-saml keeps it.
      const now = Date.now();
      const started = (request.session.samlPending ?? []).filter((p) => now - p.at < SAML_REQUEST_MS);
      request.session.samlPending = [...started.slice(-(MAX_SAML_PENDING - 1)), { id: requestId, at: now }];
      return reply.redirect(url);
    } catch (err) {
      return failTo(reply, request, err);
    }
  });

  // The IdP's page posts the answer here (SAML's HTTP-POST binding): a cross-site form, so no
  // CSRF token and no session cookie come with it. The signed answer is checked here, then the
  // browser finishes with a GET that carries its session (saml-service.ts: login CSRF).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.post<{ Body: { SAMLResponse?: string } }>(
    '/passport/saml/callback',
    { config: { csrfExempt: true } },
    async (request, reply) => {
      try {
        const answer = request.body?.SAMLResponse;
        if (typeof answer !== 'string' || answer === '')
          throw new AppError(401, 'sign_in_failure', 'errors.sign_in_failure');
        const ticket = await ctx.saml.check(callbackUrlOf(ctx, request, 'saml'), answer);
        return reply.redirect(`/passport/saml/finish?ticket=${encodeURIComponent(ticket)}`, 303);
      } catch (err) {
        return failTo(reply, request, err);
      }
    },
  );

  app.get<{ Querystring: { ticket?: unknown } }>('/passport/saml/finish', async (request, reply) => {
    const started = (request.session.samlPending ?? []).map((p) => p.id);
    try {
      const ticket = request.query.ticket;
      if (typeof ticket !== 'string' || ticket === '')
        throw new AppError(401, 'sign_in_failure', 'errors.sign_in_failure');
      const user = await ctx.saml.finish(ticket, started);
      await startSignedInSession(ctx, request, user.id);
      return reply.redirect('/');
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

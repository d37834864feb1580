// SAML's way in: GROWI's /passport/saml, the IdP's answer posted to the callback, and the finish.
// Permission: public by nature (it is how people sign in). Login CSRF: the session that started a
// request must be the one that finishes it (service.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../../context';
import { AppError } from '../../../../lib/app-error';
import { callbackUrlOf, failTo } from '../../redirect-sign-in';
import { startSignedInSession } from '../../session-start';

declare module 'fastify' {
  interface Session {
    /** The SAML requests this browser started (id, when), each finished once (service.ts). */
    samlPending?: { id: string; at: number }[];
  }
}

/** node-saml keeps the ids of its requests this long (strategy.ts). */
const SAML_REQUEST_MS = 10 * 60 * 1000;
const MAX_SAML_PENDING = 5;

export default async function samlSignInRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
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

  // The IdP's page posts the answer here (SAML's HTTP-POST binding): a cross-site form (read by
  // @fastify/formbody, app.ts), so no CSRF token and no session cookie come with it. The signed
  // answer is checked here, then the browser finishes with a GET that carries its session
  // (saml-service.ts: login CSRF).
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
}

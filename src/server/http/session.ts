// Sessions that routes may change (sign-in, sign-out, CSRF secrets, pending external sign-ins):
// @fastify/session over the SQLite store, the signed-in user on every request, and CSRF
// protection. Registered in the scope of every route but the read routes (app.ts).
import fp from 'fastify-plugin';
import fastifySession from '@fastify/session';
import fastifyCsrf from '@fastify/csrf-protection';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { SESSION_COOKIE, signInByApiToken, signInBySession, signInByToken } from './identity';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function sessionPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { store, signer } = app.sessionParts;
  await app.register(fastifySession, {
    secret: signer,
    cookieName: SESSION_COOKIE,
    store,
    saveUninitialized: false,
    // Save only when the session changed: a rolling session would write (and fsync) on every request.
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      path: '/',
      maxAge: ctx.config.sessionMaxAge,
    },
  });
  await app.register(fastifyCsrf, { sessionPlugin: '@fastify/session' });

  // The user is known from the start, so even validation errors speak their language.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      if (!signInByApiToken(ctx, request)) signInBySession(ctx, request, request.session.userId);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });

  // After body parsing (the token may be the body field _csrf), before validation and handlers.
  app.addHook('preValidation', (request, reply, done) => {
    if (!UNSAFE_METHODS.has(request.method)) return done();
    // `access_token` in a JSON body: known only now that the body is parsed.
    const bodyToken = (request.body as { access_token?: unknown } | null)?.access_token;
    if (!request.viaApiToken && typeof bodyToken === 'string' && bodyToken !== '') {
      try {
        signInByToken(ctx, request, bodyToken);
      } catch (err) {
        return done(err as Error);
      }
    }
    // A call authenticated by an API token carries no session cookie to forge: no CSRF token needed.
    if (request.viaApiToken) return done();
    // A route whose body proves itself (a SAML answer signed by the IdP, posted from its page).
    if (request.routeOptions.config?.csrfExempt) return done();
    app.csrfProtection(request, reply, done);
  });
}

export default fp(sessionPlugin, { name: 'quire-session', dependencies: ['quire-identity'] });

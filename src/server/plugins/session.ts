// Sessions (SQLite store), the signed-in user on every request, and CSRF protection.
import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import fastifyCsrf from '@fastify/csrf-protection';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { SqliteSessionStore } from './session-store';
import { USER_STATUS } from '../db/schema';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

async function sessionPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  let secret = ctx.settings.get('security:sessionSecret');
  if (secret.length < 32) {
    secret = randomBytes(32).toString('hex');
    ctx.settings.set('security:sessionSecret', secret);
  }
  const store = new SqliteSessionStore(ctx.db.$client, ctx.config.sessionMaxAge);
  store.prune();
  const pruneTimer = setInterval(() => store.prune(), PRUNE_INTERVAL_MS).unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));

  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret,
    cookieName: 'quire.sid',
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

  app.decorateRequest('user', null);
  app.decorateRequest('access', {
    getter() {
      return {
        viewer: this.user ? { id: this.user.id, admin: this.user.admin } : null,
        restrictGuestMode: ctx.settings.get('security:restrictGuestMode'),
      };
    },
  });

  // The user is known from the start, so even validation errors speak their language.
  app.addHook('onRequest', async (request) => {
    const userId = request.session.userId;
    if (!userId) return;
    const user = ctx.users.findById(userId);
    // A deleted or suspended account loses its session at once.
    request.user = user && user.status === USER_STATUS.active ? user : null;
  });

  // After body parsing (the token may be the body field _csrf), before validation and handlers.
  app.addHook('preValidation', (request, reply, done) => {
    if (!UNSAFE_METHODS.has(request.method)) return done();
    app.csrfProtection(request, reply, done);
  });
}

export default fp(sessionPlugin, { name: 'quire-session' });

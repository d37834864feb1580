// Sessions (SQLite store), the signed-in user on every request, and CSRF protection.
import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import fastifyCsrf from '@fastify/csrf-protection';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import type { AppContext } from '../context';
import { SqliteSessionStore } from './session-store';
import { USER_STATUS } from '../db/schema';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Accounts whose session stays signed in: active users, and invited users completing the profile. */
const SESSION_STATUSES: number[] = [USER_STATUS.active, USER_STATUS.invited];
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
  app.decorateRequest('viaApiToken', false);
  app.decorateRequest('viewerGroupIds', null);
  app.decorateRequest('access', {
    getter() {
      const user = this.user;
      if (user && !this.viewerGroupIds) this.viewerGroupIds = ctx.userGroups.effectiveGroupIds(user.id);
      return {
        viewer: user
          ? { id: user.id, admin: user.admin, readOnly: user.readOnly, groupIds: this.viewerGroupIds ?? [] }
          : null,
        restrictGuestMode: ctx.settings.get('security:restrictGuestMode'),
      };
    },
  });

  // The user is known from the start, so even validation errors speak their language.
  app.addHook('onRequest', async (request) => {
    const token = apiTokenOf(request.headers.authorization, request.query);
    if (token !== null) {
      signInByToken(request, token);
      return;
    }
    const userId = request.session.userId;
    if (!userId) return;
    const user = ctx.users.findById(userId);
    // A deleted, suspended or not yet approved account loses its session at once.
    request.user = user && SESSION_STATUSES.includes(user.status) ? user : null;
    if (request.user?.status === USER_STATUS.invited && !invitedMayUse(request.url)) {
      throw new AppError(403, 'complete_profile_first', 'accounts.complete_profile_first');
    }
  });

  function signInByToken(request: FastifyRequest, token: string): void {
    const user = ctx.users.findByApiToken(token);
    if (!user) throw new AppError(401, 'invalid_api_token', 'accounts.invalid_api_token');
    request.user = user;
    request.viaApiToken = true;
  }

  // After body parsing (the token may be the body field _csrf), before validation and handlers.
  app.addHook('preValidation', (request, reply, done) => {
    if (!UNSAFE_METHODS.has(request.method)) return done();
    // `access_token` in a JSON body: known only now that the body is parsed.
    const bodyToken = (request.body as { access_token?: unknown } | null)?.access_token;
    if (!request.viaApiToken && typeof bodyToken === 'string' && bodyToken !== '') {
      try {
        signInByToken(request, bodyToken);
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

/** The API token of a request: `Authorization: Bearer <token>` or `?access_token=`. */
function apiTokenOf(authorization: string | undefined, query: unknown): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (bearer?.[1]) return bearer[1];
  const fromQuery = (query as Record<string, unknown> | undefined)?.access_token;
  return typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery : null;
}

/**
 * An invited user (status 5) signed in with the temporary password may only complete the profile
 * (`POST /invited`), use personal settings, read the app config and CSRF token, and sign out (or in
 * as someone else); the web app's own files load so it can show the form. Everything else is 403
 * until then.
 */
const INVITED_API = [
  '/_api/v3/invited',
  '/_api/v3/personal-setting',
  '/_api/v3/login',
  '/_api/v3/logout',
  '/_api/v3/app-config',
  '/_api/v3/csrf-token',
  '/_api/v3/healthcheck',
];
export function invitedMayUse(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (!path.startsWith('/_api')) return true;
  return INVITED_API.some((allowed) => path === allowed || path.startsWith(`${allowed}/`));
}

export default fp(sessionPlugin, { name: 'quire-session' });

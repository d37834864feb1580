// Who is asking, for every route: the session cookie's store and signer, the request's user and
// access context, and the rules that turn a session or an API token into a user. Two scopes use
// it (app.ts): the routes that may write the session (@fastify/session, http/session.ts) and
// the read routes that only read it (http/session-reader.ts).
import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import type { AppContext } from '../context';
import { USER_STATUS } from '../db/schema';
import { SqliteSessionStore } from './session-store';
import { RememberingSigner } from './session-signer';
import { grantedScopes, requiredScope } from '../../shared/access-token-scopes';

export const SESSION_COOKIE = 'quire.sid';
/** Accounts whose session stays signed in: active users, and invited users completing the profile. */
const SESSION_STATUSES: number[] = [USER_STATUS.active, USER_STATUS.invited];
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

export interface SessionParts {
  store: SqliteSessionStore;
  signer: RememberingSigner;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionParts: SessionParts;
  }
}

async function identityPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  let secret = ctx.settings.get('security:sessionSecret');
  if (secret.length < 32) {
    secret = randomBytes(32).toString('hex');
    ctx.settings.set('security:sessionSecret', secret);
  }
  const store = new SqliteSessionStore(ctx.db.$client, ctx.config.sessionMaxAge);
  // Expired sessions go at the next prune when this one cannot write (a full disk, issue 26).
  const prune = () => {
    try {
      store.prune();
    } catch (err) {
      ctx.events.emit('background:failed', { what: 'expired sessions left for the next prune', err });
    }
  };
  prune();
  const pruneTimer = setInterval(prune, PRUNE_INTERVAL_MS).unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));
  app.decorate('sessionParts', { store, signer: new RememberingSigner(secret) });

  await app.register(fastifyCookie);
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
}

export default fp(identityPlugin, { name: 'quire-identity' });

/**
 * Signs the request in by an API token if it carries one (true), else leaves it to the session
 * (false). An unknown token is 401: a script should hear that its token is wrong.
 */
export function signInByApiToken(ctx: AppContext, request: FastifyRequest): boolean {
  const token = apiTokenOf(request.headers, request.query);
  if (token === null) return false;
  signInByToken(ctx, request, token);
  return true;
}

/**
 * The API token (full access, as GROWI's legacy token) or a personal access token, whose scopes
 * must cover what the route needs (403 `scope_insufficient` otherwise, as GROWI refuses).
 */
export function signInByToken(ctx: AppContext, request: FastifyRequest, token: string): void {
  const user = ctx.users.findByApiToken(token);
  if (user) {
    request.user = user;
    request.viaApiToken = true;
    return;
  }
  const scoped = ctx.accessTokens.find(token);
  if (!scoped) throw new AppError(401, 'invalid_api_token', 'accounts.invalid_api_token');
  const needed = requiredScope(request.method, request.routeOptions.url ?? request.url);
  if (needed !== '' && (needed === null || !grantedScopes(scoped.scopes).has(needed)))
    throw new AppError(403, 'scope_insufficient', 'access_tokens.scope_insufficient', {
      scope: needed ?? '—',
    });
  request.user = scoped.user;
  request.viaApiToken = true;
}

/** The session's user, as of now: a deleted, suspended or not yet approved account is signed out. */
export function signInBySession(ctx: AppContext, request: FastifyRequest, userId: string | undefined): void {
  if (!userId) return;
  const user = ctx.users.findById(userId);
  request.user = user && SESSION_STATUSES.includes(user.status) ? user : null;
  if (request.user?.status === USER_STATUS.invited && !invitedMayUse(request.url)) {
    throw new AppError(403, 'complete_profile_first', 'accounts.complete_profile_first');
  }
}

/**
 * The API token of a request, where GROWI's clients put it: `Authorization: Bearer <token>`,
 * `X-GROWI-ACCESS-TOKEN` (GROWI's SDK and MCP server), or `?access_token=`.
 */
function apiTokenOf(headers: FastifyRequest['headers'], query: unknown): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '');
  if (bearer?.[1]) return bearer[1];
  const growi = headers['x-growi-access-token'];
  if (typeof growi === 'string' && growi.trim() !== '') return growi.trim();
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

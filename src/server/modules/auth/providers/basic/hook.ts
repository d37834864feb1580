// HTTP Basic for scripts and curl on the LAN (SPEC's "basic"; off by default): a request with
// `Authorization: Basic` signs in for that request only, with a local or directory password, and
// counts against the same failures as the login form (ctx.passwordAttempts). GROWI's removed basic strategy trusted any name without a
// password; this one always checks it.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../../context';
import { USER_STATUS } from '../../../../db/schema';
import { AppError } from '../../../../lib/app-error';
import { accountNamed, checkPasswordAttempt } from '../../password-attempts';
import { signInWithPassword } from '../../password-sign-in';

/** The name and password of an `Authorization: Basic` header, or null for other schemes. */
export function basicCredentials(header: string | undefined): { username: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return { username: '', password: '' };
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const basicRefused = (key: string, code: string) => new AppError(401, code, key);

async function basicAuthPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Runs after the session's hook: a Basic header wins over no session and never mixes with a
  // Bearer token (that hook has handled those already). Nothing to wait for without the header.
  app.addHook('onRequest', (request, reply, done) => {
    const credentials = basicCredentials(request.headers.authorization);
    if (!credentials) return done();
    signInByBasic(credentials, request, reply).then(() => done(), done);
  });

  async function signInByBasic(
    { username, password }: { username: string; password: string },
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    reply.header('www-authenticate', 'Basic realm="Quire", charset="UTF-8"');
    if (!ctx.settings.get('security:passport-basic:isEnabled')) {
      throw basicRefused('sign_in.basic_disabled', 'basic_auth_disabled');
    }
    const user = await checkPasswordAttempt(ctx, request, reply, accountNamed(ctx, username), async () => {
      const found =
        username && password ? await signInWithPassword(ctx, username, password, request.log) : null;
      // Only active accounts: an invited user completes the profile in the browser first.
      if (!found || found.status !== USER_STATUS.active) {
        throw basicRefused('errors.sign_in_failure', 'sign_in_failure');
      }
      return found;
    });
    request.user = user;
    // Authenticated by a header, not a cookie: nothing for a cross-site form to forge, so no CSRF.
    request.viaApiToken = true;
  }
}

/** Registered in both scopes (app.ts), after each scope's session hook. */
export default fp(basicAuthPlugin, { name: 'quire-basic-auth', dependencies: ['quire-identity'] });

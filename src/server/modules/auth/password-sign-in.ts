// Sign-in with a name and password, shared by the login form and HTTP Basic: local accounts
// first, then the directory (GROWI's order). A directory that is down never blocks local users.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../users/service';
import type { LoginRequest } from '../../../shared/api-types';

/** Quire's `{username, password}` or GROWI's `{loginForm: {username, password}}`. */
export type LoginBody = Partial<LoginRequest> & { loginForm?: Partial<LoginRequest> };

export function credentialsOf(body: LoginBody): LoginRequest {
  const form = body.loginForm ?? body;
  return { username: form.username ?? '', password: form.password ?? '' };
}

/** The user these credentials sign in as, or null when they are wrong everywhere. */
export async function signInWithPassword(
  ctx: AppContext,
  login: string,
  secret: string,
  log?: FastifyBaseLogger,
): Promise<UserRow | null> {
  const localEnabled = ctx.settings.get('security:passport-local:isEnabled');
  const ldapSetUp = ctx.ldap.isSetUp();
  if (!localEnabled && !ldapSetUp) {
    throw new AppError(403, 'strategy_has_not_been_set_up', 'sign_in.strategy_not_set_up', {
      strategy: 'LocalStrategy and LdapStrategy',
    });
  }
  if (localEnabled) {
    const user = await ctx.users.authenticate(login, secret);
    if (user) return user;
  }
  return ldapSetUp ? ctx.ldap.signIn(login, secret, log) : null;
}

// Every place a password is checked goes through here (issue 27): the sign-in form, HTTP Basic,
// associating a directory account, changing one's own password. One throttle (ctx.passwordAttempts)
// counts failures per client address and per account, so a locked account is locked at every door.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { accountKeyOf, type AccountKey } from './login-throttle';

/** The account a typed name stands for: the local user it names (username or e-mail), else the name. */
export function accountNamed(ctx: AppContext, name: string): AccountKey {
  const user = ctx.users.findByUsername(name) ?? ctx.users.findByEmail(name.toLowerCase());
  return accountKeyOf(user, name);
}

export const tooManyAttempts = (reply: FastifyReply, waitMs: number) => {
  reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
  return new AppError(429, 'too_many_attempts', 'errors.too_many_attempts', {
    minutes: Math.ceil(waitMs / 60_000),
  });
};

/**
 * Runs one password check for `account`: refused with 429 while the address or the account has
 * failed too often; a thrown error counts as a failure (unless `isFailure` says it is not about
 * the password), a return as a success.
 */
export async function checkPasswordAttempt<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  account: AccountKey,
  attempt: () => Promise<T>,
  isFailure: (err: unknown) => boolean = () => true,
): Promise<T> {
  const throttle = ctx.passwordAttempts;
  const waitMs = throttle.retryAfter(request.ip, account);
  if (waitMs > 0) throw tooManyAttempts(reply, waitMs);
  let result: T;
  try {
    result = await attempt();
  } catch (err) {
    if (isFailure(err)) throttle.recordFailure(request.ip, account);
    throw err;
  }
  throttle.recordSuccess(account);
  return result;
}

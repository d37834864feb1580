// What the redirect sign-ins (OIDC, SAML, GitHub, Google: GROWI's /passport/<id> routes, in each
// provider's folder) share. A failure never hangs or answers 500: it comes back to
// /login?externalAccountLoginError=<code>, which the login page translates.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { siteUrlOf } from '../../lib/site-url';

export const callbackUrlOf = (ctx: AppContext, request: FastifyRequest, provider: string) =>
  `${siteUrlOf(ctx.settings, request)}/passport/${provider}/callback`;

export function failTo(reply: FastifyReply, request: FastifyRequest, err: unknown) {
  const code = err instanceof AppError ? err.code : 'sign_in_failure';
  if (!(err instanceof AppError)) request.log.warn({ err }, 'external sign-in failed');
  // 303 after a POST (SAML's answer): the browser follows with a GET.
  const to = `/login?externalAccountLoginError=${encodeURIComponent(code)}`;
  return reply.redirect(to, request.method === 'POST' ? 303 : 302);
}

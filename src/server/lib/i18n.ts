// Server-side translation of messages sent to clients, with the same resources as the renderer.
import type { TFunction } from 'i18next';
import type { FastifyRequest } from 'fastify';
import type { Lang } from '../../shared/api-types';
import { createTranslators } from '../../shared/i18n-instance';
import { parseAcceptLanguage, resolveLanguage } from '../../shared/lang';
import { serverResources } from '../../shared/locales/server';

/** A translator for one language; the server holds all three and answers each request in its own. */
export const translator: (lang: Lang) => TFunction = createTranslators(serverResources, 'server');

/** The language of a request (SPEC §1 order): the user's setting, the browser, then `?lng=`. */
export function requestLang(request: FastifyRequest): Lang {
  const query = request.query as Record<string, unknown> | undefined;
  return resolveLanguage({
    userLang: request.user?.lang,
    browserLanguages: parseAcceptLanguage(request.headers['accept-language']),
    queryLang: typeof query?.lng === 'string' ? query.lng : null,
  });
}

// Server-side translation of messages sent to clients, with the same resources as the renderer.
import type { TFunction } from 'i18next';
import type { FastifyRequest } from 'fastify';
import type { Lang } from '../../shared/api-types';
import { createTranslators } from '../../shared/i18n-instance';
import { FALLBACK_LANG, isLang, parseAcceptLanguage, resolveLanguage } from '../../shared/lang';
import { serverResources } from '../../shared/locales/server';

/** A translator for one language; the server holds all three and answers each request in its own. */
export const translator: (lang: Lang) => TFunction = createTranslators(serverResources, 'server');

/** A translator for a language stored with a user (mails): English when it is not one Quire has. */
export function translatorOf(lang: string): TFunction {
  return translator(isLang(lang) ? lang : FALLBACK_LANG);
}

/** The language of a request (SPEC §1 order): the user's setting, the browser, then `?lng=`. */
export function requestLang(request: FastifyRequest): Lang {
  const query = request.query as Record<string, unknown> | undefined;
  return resolveLanguage({
    userLang: request.user?.lang,
    browserLanguages: parseAcceptLanguage(request.headers['accept-language']),
    queryLang: typeof query?.lng === 'string' ? query.lng : null,
    defaultLang: request.server.ctx?.settings.get('app:globalLang'),
  });
}

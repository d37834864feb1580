// Server-side translation of messages sent to clients, with the same resources as the renderer.
import i18next, { type TFunction } from 'i18next';
import type { FastifyRequest } from 'fastify';
import { LANGUAGES, type Lang } from '../../shared/api-types';
import { FALLBACK_LANG, parseAcceptLanguage, resolveLanguage } from '../../shared/lang';
import { serverResources } from '../../shared/locales/server';

const instance = i18next.createInstance();
void instance.init({
  resources: serverResources,
  lng: FALLBACK_LANG,
  fallbackLng: FALLBACK_LANG,
  supportedLngs: [...LANGUAGES],
  ns: ['server'],
  defaultNS: 'server',
  initAsync: false,
  interpolation: { escapeValue: false },
});

export function translator(lang: Lang): TFunction {
  return instance.getFixedT(lang, 'server');
}

/** The language of a request (SPEC §1 order): the user's setting, the browser, then `?lng=`. */
export function requestLang(request: FastifyRequest): Lang {
  const query = request.query as Record<string, unknown> | undefined;
  return resolveLanguage({
    userLang: request.user?.lang,
    browserLanguages: parseAcceptLanguage(request.headers['accept-language']),
    queryLang: typeof query?.lng === 'string' ? query.lng : null,
  });
}

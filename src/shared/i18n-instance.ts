// One i18next set-up for the processes that hold every language at once (the server answers each
// request in its own language; the desktop shell follows the OS): all resources loaded, synchronous.
import i18next, { type Resource, type TFunction } from 'i18next';
import { LANGUAGES, type Lang } from './api-types';
import { FALLBACK_LANG } from './lang';

/** A translator per language for one namespace of `resources`. */
export function createTranslators(resources: Resource, namespace: string): (lang: Lang) => TFunction {
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: FALLBACK_LANG,
    fallbackLng: FALLBACK_LANG,
    supportedLngs: [...LANGUAGES],
    ns: [namespace],
    defaultNS: namespace,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return (lang) => instance.getFixedT(lang, namespace);
}

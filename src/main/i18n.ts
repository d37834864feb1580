// The main process's own words in the operating system's language (Electron's app.getLocale()),
// en_US when Quire does not speak it. Role menu items are not here: Electron localizes those.
import i18next from 'i18next';
import { LANGUAGES, type Lang } from '../shared/api-types';
import { FALLBACK_LANG, langFromTag } from '../shared/lang';
import { desktopResources } from '../shared/locales/desktop';

/** What menu and dialog builders get: no i18next types, so tests can read it as a plain function. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

const instance = i18next.createInstance();
void instance.init({
  resources: desktopResources,
  lng: FALLBACK_LANG,
  fallbackLng: FALLBACK_LANG,
  supportedLngs: [...LANGUAGES],
  ns: ['desktop'],
  defaultNS: 'desktop',
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** An OS locale such as `ja`, `zh-CN` or `fr-FR` to a language Quire has. */
export function desktopLang(locale: string): Lang {
  return langFromTag(locale) ?? FALLBACK_LANG;
}

export function desktopTranslator(locale: string): Translate {
  return instance.getFixedT(desktopLang(locale), 'desktop');
}

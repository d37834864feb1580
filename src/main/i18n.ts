// The main process's own words in the operating system's language (Electron's app.getLocale()),
// en_US when Quire does not speak it. Role menu items are not here: Electron localizes those.
import type { Lang } from '../shared/api-types';
import { createTranslators } from '../shared/i18n-instance';
import { FALLBACK_LANG, langFromTag } from '../shared/lang';
import { desktopResources } from '../shared/locales/desktop';

/** What menu and dialog builders get: no i18next types, so tests can read it as a plain function. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

const translatorFor = createTranslators(desktopResources, 'desktop');

/** An OS locale such as `ja`, `zh-CN` or `fr-FR` to a language Quire has. */
export function desktopLang(locale: string): Lang {
  return langFromTag(locale) ?? FALLBACK_LANG;
}

export function desktopTranslator(locale: string): Translate {
  return translatorFor(desktopLang(locale));
}

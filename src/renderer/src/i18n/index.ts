// i18next for the web app. Only the current language's translation.json is loaded (SPEC §1); a
// language switch loads the new bundle first, then changes language, <html lang> and API headers.
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Lang } from '../../../shared/api-types';
import { FALLBACK_LANG, resolveLanguage } from '../../../shared/lang';
import { setRequestLanguage } from '../api/client';

type Bundle = { default: Resource };

const loaders: Record<Lang, () => Promise<Bundle>> = {
  en_US: () => import('../../../shared/locales/en_US/translation.json'),
  ja_JP: () => import('../../../shared/locales/ja_JP/translation.json'),
  zh_CN: () => import('../../../shared/locales/zh_CN/translation.json'),
};

/** `ja_JP` → `ja-JP` (BCP 47, for <html lang>, Intl and Accept-Language). */
export const toLanguageTag = (lang: string): string => lang.replace('_', '-');

export const i18n = i18next.createInstance();

async function ensureLoaded(lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  const bundle = await loaders[lang]();
  i18n.addResourceBundle(lang, 'translation', bundle.default, true, true);
}

function applyLanguage(lang: Lang): void {
  const tag = toLanguageTag(lang);
  document.documentElement.lang = tag;
  setRequestLanguage(tag);
}

/** SPEC §1 order: the user's own setting, then the browser's languages, then `?lng=`. */
export function detectLanguage(userLang: string | null | undefined, defaultLang?: string | null): Lang {
  return resolveLanguage({
    userLang,
    defaultLang,
    browserLanguages: navigator.languages,
    queryLang: new URLSearchParams(window.location.search).get('lng'),
  });
}

export async function initI18n(lang: Lang): Promise<void> {
  const bundle = await loaders[lang]();
  await i18n.use(initReactI18next).init({
    resources: { [lang]: { translation: bundle.default } },
    lng: lang,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes
  });
  applyLanguage(lang);
}

export async function changeLanguage(lang: Lang): Promise<void> {
  if (i18n.language === lang) return;
  await ensureLoaded(lang);
  await i18n.changeLanguage(lang);
  applyLanguage(lang);
}

export function currentLanguageTag(): string {
  return toLanguageTag(i18n.language || FALLBACK_LANG);
}

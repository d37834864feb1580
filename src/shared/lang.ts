// Language choice (SPEC §1): the user's own setting, then the browser language through aliases,
// then the query string; en_US is the fallback.
import { LANGUAGES, type Lang } from './api-types';

export const FALLBACK_LANG: Lang = 'en_US';

export interface LanguageMeta {
  id: Lang;
  aliases: string[];
}

export const LANGUAGE_META: readonly LanguageMeta[] = [
  { id: 'en_US', aliases: ['en', 'en-us', 'en_us'] },
  { id: 'ja_JP', aliases: ['ja', 'ja-jp', 'ja_jp'] },
  { id: 'zh_CN', aliases: ['zh', 'zh-cn', 'zh_cn', 'zh-hans', 'zh-hans-cn', 'zh-sg'] },
];

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps one browser or query language tag (`ja`, `ja-JP`, `zh-Hans`) to a supported language. */
export function langFromTag(tag: string | null | undefined): Lang | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase();
  if (isLang(tag)) return tag;
  const primary = lower.split(/[-_]/)[0] ?? lower;
  const exact = LANGUAGE_META.find((meta) => meta.aliases.includes(lower));
  return (exact ?? LANGUAGE_META.find((meta) => meta.aliases.includes(primary)))?.id ?? null;
}

/** Parses an Accept-Language header into tags, best first. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
}

export interface LanguageSources {
  userLang?: string | null;
  browserLanguages?: readonly string[];
  queryLang?: string | null;
  /** The wiki's default language (app settings), used last; en_US when unset. */
  defaultLang?: string | null;
}

export function resolveLanguage({
  userLang,
  browserLanguages = [],
  queryLang,
  defaultLang,
}: LanguageSources): Lang {
  if (isLang(userLang)) return userLang;
  for (const tag of browserLanguages) {
    const lang = langFromTag(tag);
    if (lang) return lang;
  }
  return langFromTag(queryLang) ?? (isLang(defaultLang) ? defaultLang : FALLBACK_LANG);
}

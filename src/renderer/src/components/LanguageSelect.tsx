// Language picker: each language is named in itself (English, 日本語, 简体中文).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Lang } from '../../../shared/api-types';
import { isLang } from '../../../shared/lang';

export const LANGUAGE_NAMES: Record<Lang, string> = {
  en_US: 'English',
  ja_JP: '日本語',
  zh_CN: '简体中文',
};

export function LanguageSelect({ value, onChange }: { value: Lang; onChange: (lang: Lang) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('fields.lang')}</label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(event) => {
          if (isLang(event.target.value)) onChange(event.target.value);
        }}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang.replace('_', '-')}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </div>
  );
}

// The help table of the search syntax (SPEC §2).
import { useTranslation } from 'react-i18next';

const ROWS: [syntax: string, meaningKey: string][] = [
  ['word1 word2', 'search.help_and'],
  ['word1 -word2', 'search.help_not'],
  ['"a phrase"', 'search.help_phrase'],
  ['-"a phrase"', 'search.help_not_phrase'],
  ['prefix:/path', 'search.help_prefix'],
  ['-prefix:/path', 'search.help_not_prefix'],
  ['tag:name', 'search.help_tag'],
  ['-tag:name', 'search.help_not_tag'],
];

export function SearchHelp() {
  const { t } = useTranslation();
  return (
    <div className="search-help">
      <table className="search-help-table">
        <caption>{t('search.help_title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('search.help_syntax')}</th>
            <th scope="col">{t('search.help_meaning')}</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([syntax, key]) => (
            <tr key={syntax}>
              <td>
                <code>{syntax}</code>
              </td>
              <td>{t(key)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{t('search.help_trash')}</p>
    </div>
  );
}

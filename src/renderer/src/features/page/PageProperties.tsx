// The page's own front matter as a small panel above its body (issue 29): the fields an import
// kept because Quire has no other place for them (a Wiki.js title and description, Obsidian's
// cssclasses). The body's renderer hides the block itself.
import { useTranslation } from 'react-i18next';
import { frontMatterFields } from '../../../../shared/front-matter-fields';

export function PageProperties({ body }: { body: string }) {
  const { t } = useTranslation();
  const fields = frontMatterFields(body);
  if (fields.length === 0) return null;
  return (
    <details className="page-properties" open data-testid="page-properties">
      <summary>{t('page.properties')}</summary>
      <dl>
        {fields.map(({ key, value }) => (
          <div key={key} className="page-property">
            <dt>{key}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

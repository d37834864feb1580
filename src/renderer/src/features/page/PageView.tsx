// A page in view mode: header and the rendered body.
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../shared/api-types';
import { MarkdownView } from '../../components/MarkdownView';
import { PageHeader } from './PageHeader';

export function PageView({ page }: { page: Page }) {
  const { t } = useTranslation();
  const body = page.revision.body;
  return (
    <article className="page">
      <PageHeader path={page.path} page={page} />
      {body.trim() === '' ? (
        <p className="muted empty-body">{t('page.empty')}</p>
      ) : (
        <MarkdownView body={body} />
      )}
    </article>
  );
}

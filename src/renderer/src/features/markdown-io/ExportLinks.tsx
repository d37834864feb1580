// Markdown out from the page: this page as a .md file, or the page with everything below it as a
// zip (the browser downloads what the server sends; only pages the reader may read are in it).
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../shared/api-types';

export const markdownExportUrl = (pageId: string, format: 'md' | 'zip') =>
  `/_api/v3/page/export/${pageId}?format=${format}`;

export function ExportLinks({ page }: { page: Page }) {
  const { t } = useTranslation();
  return (
    <>
      <a className="btn btn-secondary btn-sm" href={markdownExportUrl(page._id, 'md')} download>
        {t('markdown_io.export_page')}
      </a>
      {page.descendantCount > 0 && (
        <a className="btn btn-secondary btn-sm" href={markdownExportUrl(page._id, 'zip')} download>
          {t('markdown_io.export_subtree')}
        </a>
      )}
    </>
  );
}

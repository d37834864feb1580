// The export screen's "Markdown files" section: a page and everything below it (the whole wiki
// from `/`) as a zip of Markdown files with front matter and attachments, as a job with progress.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPage } from '../../api/endpoints';
import { Alert, Field } from '../../components/Field';
import { errorMessages } from '../../stores/toasts';
import { ProgressBar } from '../admin/archive/ProgressBar';
import { useMarkdownExportJob } from './useMarkdownExportJob';

export function MarkdownExportSection() {
  const { t } = useTranslation();
  const [pagePath, setPagePath] = useState('/');
  const [lookupError, setLookupError] = useState<string | null>(null);
  const { job, error, start, running } = useMarkdownExportJob();

  const exportPath = () => {
    setLookupError(null);
    getPage({ path: pagePath }).then(
      (page) => start(page._id),
      (err: unknown) => setLookupError(errorMessages(err).join('\n')),
    );
  };

  return (
    <section className="card" aria-labelledby="markdown-export-title">
      <h2 id="markdown-export-title">{t('markdown_io.export_title')}</h2>
      <p className="muted">{t('markdown_io.export_hint')}</p>
      {(lookupError ?? error) && <Alert kind="error">{lookupError ?? error}</Alert>}
      <Field
        label={t('markdown_io.export_path')}
        type="text"
        value={pagePath}
        onChange={(e) => setPagePath(e.target.value)}
      />
      <div className="button-row">
        <button type="button" className="btn btn-primary" disabled={running} onClick={exportPath}>
          {t('markdown_io.export_button')}
        </button>
      </div>
      {job && running && (
        <ProgressBar label={t('markdown_io.exporting')} current={job.current} total={job.total} />
      )}
      {job?.status === 'done' && (
        <Alert kind="success">{t('markdown_io.export_done', { pages: job.pages, file: job.fileName })}</Alert>
      )}
    </section>
  );
}

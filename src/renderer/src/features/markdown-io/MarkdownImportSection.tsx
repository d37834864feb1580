// The importer screen's "Markdown files" section: a zip, a tar.gz (GROWI's page bulk export), one
// .md file or a whole folder (an Obsidian vault, Wiki.js disk storage, Outline's export) under a
// chosen path, with live progress and a report of what was renamed or left out.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MARKDOWN_IMPORT_EVENTS,
  type MarkdownImportProgress,
  type MarkdownImportStatus,
} from '../../../../shared/markdown-io-types';
import { getMarkdownImportStatus, startMarkdownImport } from './api';
import { Alert, Field } from '../../components/Field';
import { errorMessages } from '../../stores/toasts';
import { liveEvents } from '../realtime/live-events';
import { ProgressBar } from '../admin/archive/ProgressBar';
import { MarkdownImportReportView } from './MarkdownImportReport';

type Chosen = { kind: 'file'; file: File } | { kind: 'folder'; files: File[]; name: string };

function formOf(parentPath: string, locale: string, chosen: Chosen): FormData {
  const form = new FormData();
  form.append('path', parentPath);
  if (locale.trim()) form.append('locale', locale.trim());
  if (chosen.kind === 'file') form.append('file', chosen.file, chosen.file.name);
  // The browser gives each file its path inside the chosen folder; the server keeps it.
  else for (const file of chosen.files) form.append('files', file, file.webkitRelativePath || file.name);
  return form;
}

export function MarkdownImportSection() {
  const { t } = useTranslation();
  const [parentPath, setParentPath] = useState('/');
  const [locale, setLocale] = useState('');
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [status, setStatus] = useState<MarkdownImportStatus | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = () =>
    getMarkdownImportStatus().then(setStatus, (err: unknown) => setError(errorMessages(err).join('\n')));
  useEffect(() => void load(), []);
  useEffect(
    () =>
      liveEvents.subscribeAdmin(({ event, payload }) => {
        if (event === MARKDOWN_IMPORT_EVENTS.progress) {
          const progress = payload as MarkdownImportProgress;
          setStatus((prev) => ({ last: prev?.last ?? null, isImporting: true, progress }));
          void window.quire?.setArchiveProgress(progress.total > 0 ? progress.current / progress.total : 0);
        }
        if (event === MARKDOWN_IMPORT_EVENTS.terminate) {
          void window.quire?.setArchiveProgress(null);
          void load();
        }
      }),
    [],
  );

  const start = () => {
    if (!chosen) return;
    setError(null);
    setUploading(true);
    startMarkdownImport(formOf(parentPath, locale, chosen))
      .then(
        () => load(),
        (err: unknown) => setError(errorMessages(err).join('\n')),
      )
      .finally(() => setUploading(false));
  };

  const busy = uploading || status?.isImporting === true;
  const progress = status?.isImporting ? status.progress : null;
  return (
    <section className="card" aria-labelledby="markdown-import-title">
      <h2 id="markdown-import-title">{t('markdown_io.import_title')}</h2>
      <p className="muted">{t('markdown_io.import_hint')}</p>
      {error && <Alert kind="error">{error}</Alert>}
      <Field
        label={t('markdown_io.import_under')}
        type="text"
        value={parentPath}
        onChange={(e) => setParentPath(e.target.value)}
      />
      <Field
        label={t('markdown_io.locale_label')}
        hint={t('markdown_io.locale_hint')}
        type="text"
        value={locale}
        placeholder="en"
        onChange={(e) => setLocale(e.target.value)}
      />
      <div className="button-row">
        <label className="btn btn-secondary">
          {t('markdown_io.choose_file')}
          <input
            type="file"
            hidden
            accept=".zip,.tar.gz,.tgz,.md,.markdown"
            aria-label={t('markdown_io.choose_file')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) setChosen({ kind: 'file', file });
            }}
          />
        </label>
        <label className="btn btn-secondary">
          {t('markdown_io.choose_folder')}
          <input
            type="file"
            hidden
            multiple
            aria-label={t('markdown_io.choose_folder')}
            {...{ webkitdirectory: '' }}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              const name = files[0]?.webkitRelativePath.split('/')[0] ?? '';
              if (files.length > 0) setChosen({ kind: 'folder', files, name });
            }}
          />
        </label>
        <button type="button" className="btn btn-primary" disabled={!chosen || busy} onClick={start}>
          {t('markdown_io.import')}
        </button>
      </div>
      {chosen && (
        <p className="muted" data-testid="markdown-import-chosen">
          {chosen.kind === 'file'
            ? chosen.file.name
            : t('markdown_io.chosen_folder', { name: chosen.name, count: chosen.files.length })}
        </p>
      )}
      {uploading && <p className="muted">{t('markdown_io.uploading')}</p>}
      {progress && (
        <ProgressBar
          label={t(`markdown_io.phase_${progress.phase}`)}
          current={progress.current}
          total={progress.total}
        />
      )}
      {!busy && status?.last && <MarkdownImportReportView last={status.last} />}
    </section>
  );
}

// /admin/export (GROWI's "Export Archive Data"): create an archive from chosen collections with live
// progress per collection and for zipping, then the list of archives to download or delete.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ARCHIVE_EVENTS,
  type CollectionProgress,
  type ExportStatus,
} from '../../../../../shared/archive-types';
import { Alert } from '../../../components/Field';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { errorMessages, toastSuccess } from '../../../stores/toasts';
import { liveEvents } from '../../realtime/live-events';
import { archiveApi } from './api';
import { ArchiveTable } from './ArchiveTable';
import { ProgressBar } from './ProgressBar';
import { SelectCollections } from './SelectCollections';
import { MarkdownExportSection } from '../../markdown-io/MarkdownExportSection';

export function ExportArchivePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.export'));
  const [status, setStatus] = useState<ExportStatus | null>(null);
  const [collections, setCollections] = useState<string[]>([]);
  const [selecting, setSelecting] = useState(false);
  const [progress, setProgress] = useState<CollectionProgress[] | null>(null);
  const [zipping, setZipping] = useState<'no' | 'running' | 'done'>('no');
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    () =>
      archiveApi.exportStatus().then(
        (next) => {
          setStatus(next);
          if (next.progressList) setProgress(next.progressList);
        },
        (err: unknown) => setError(errorMessages(err).join('\n')),
      ),
    [],
  );
  useEffect(() => {
    void load();
    void archiveApi.collections().then(setCollections, () => {});
  }, [load]);
  useEffect(
    () =>
      liveEvents.subscribeAdmin((message) => {
        if (message.event === ARCHIVE_EVENTS.exportProgress) {
          const payload = message.payload as {
            progressList: CollectionProgress[];
            currentCount: number;
            totalCount: number;
          };
          setProgress(payload.progressList);
          // In the desktop app, the taskbar/dock shows it too.
          void window.quire?.setArchiveProgress(
            payload.totalCount > 0 ? payload.currentCount / payload.totalCount : 0,
          );
        }
        if (message.event === ARCHIVE_EVENTS.exportZipping) setZipping('running');
        if (message.event === ARCHIVE_EVENTS.exportTerminate) {
          setZipping('done');
          void window.quire?.setArchiveProgress(null);
          const added = (message.payload as { addedZipFileStat: unknown }).addedZipFileStat;
          if (added) toastSuccess(t('archive.export_done'));
          else setError(t('archive.export_failed'));
          void load();
        }
      }),
    [load, t],
  );

  const start = (selected: string[], targetVersion: string | null) => {
    setError(null);
    setZipping('no');
    setProgress(
      selected.map((c) => ({
        collectionName: c,
        currentCount: 0,
        insertedCount: 0,
        modifiedCount: 0,
        totalCount: 0,
      })),
    );
    archiveApi.startExport(selected, targetVersion).then(
      () => setSelecting(false),
      (err: unknown) => setError(errorMessages(err).join('\n')),
    );
  };

  const remove = (fileName: string) =>
    archiveApi.deleteExport(fileName).then(
      () => void load(),
      (err: unknown) => setError(errorMessages(err).join('\n')),
    );

  return (
    <main className="content admin-content">
      <h1 className="page-title">{t('admin.export')}</h1>
      {error && <Alert kind="error">{error}</Alert>}
      {selecting ? (
        <SelectCollections
          collections={collections}
          busy={status?.isExporting ?? false}
          onExport={start}
          onCancel={() => setSelecting(false)}
        />
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => setSelecting(true)}>
          {t('archive.create_new')}
        </button>
      )}
      {progress && (
        <section className="card archive-progress-list" aria-label={t('archive.progress')}>
          {progress.map((p) => (
            <ProgressBar
              key={p.collectionName}
              label={p.collectionName}
              current={p.currentCount}
              total={p.totalCount}
            />
          ))}
          <ProgressBar label={t('archive.zip_files')} current={zipping === 'done' ? 1 : 0} total={1} />
        </section>
      )}
      <h2>{t('archive.archives')}</h2>
      {status === null ? (
        !error && <div className="loading" aria-busy="true" />
      ) : (
        <ArchiveTable stats={status.zipFileStats} onDelete={(name) => void remove(name)} />
      )}
      <MarkdownExportSection />
    </main>
  );
}

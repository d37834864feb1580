// /admin/importer (GROWI's "Import Data" ▸ GROWI archive): upload a zip, see it (with the version
// alert), pick collections with a mode each and the page options, import with live progress. Below
// it, Markdown files (issue 12).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ARCHIVE_EVENTS,
  allowedModes,
  isArchiveCollection,
  type GrowiArchiveImportOption,
  type ImportMode,
  type PeoplePreview,
  type ZipFileStat,
} from '../../../../../shared/archive-types';
import { checkImportSelection } from '../../../../../shared/archive-rules';
import { Alert } from '../../../components/Field';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { errorMessages, toastSuccess } from '../../../stores/toasts';
import { liveEvents } from '../../realtime/live-events';
import { archiveApi, type ImportResult } from './api';
import { ImportCollections } from './ImportCollections';
import { ImportPeopleConfirm } from './ImportPeopleConfirm';
import { ImportReport } from './ImportReport';
import { MarkdownImportSection } from '../../markdown-io/MarkdownImportSection';

const PAGE_FLAGS = [
  'isOverwriteAuthorWithCurrentUser',
  'makePublicForGrant2',
  'makePublicForGrant4',
  'makePublicForGrant5',
  'initPageMetadatas',
] as const;
type Flags = Partial<Record<(typeof PAGE_FLAGS)[number], boolean>>;

export function ImporterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.importer'));
  const [zip, setZip] = useState<ZipFileStat | null>(null);
  const [sameVersion, setSameVersion] = useState(true);
  const [options, setOptions] = useState(new Map<string, GrowiArchiveImportOption>());
  const [flags, setFlags] = useState<Flags>({});
  const [progress, setProgress] = useState(new Map<string, ImportResult>());
  const [importing, setImporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Asking before the import: what its users would do (null when it has none). */
  const [confirming, setConfirming] = useState<{ people: PeoplePreview | null } | null>(null);
  const fail = (err: unknown) => setError(errorMessages(err).join('\n'));

  const load = useCallback(
    () =>
      archiveApi.importStatus().then((status) => {
        setZip(status.zipFileStat);
        setSameVersion(status.isTheSameVersion);
        setImporting(status.isImporting);
      }, fail),
    [],
  );
  useEffect(() => void load(), [load]);
  useEffect(
    () =>
      liveEvents.subscribeAdmin(({ event, payload }) => {
        if (event === ARCHIVE_EVENTS.importProgress) {
          const { collectionName, collectionProgress, appendedErrors } = payload as {
            collectionName: string;
            collectionProgress: Omit<ImportResult, 'errors' | 'failedCount'> & { failedCount?: number };
            appendedErrors: ImportResult['errors'] | null;
          };
          setProgress((prev) => {
            const next = new Map(prev).set(collectionName, {
              ...collectionProgress,
              failedCount: collectionProgress.failedCount ?? 0,
              errors: appendedErrors ?? [],
            });
            const all = [...next.values()];
            const total = all.reduce((sum, p) => sum + p.totalCount, 0);
            const done = all.reduce((sum, p) => sum + p.currentCount, 0);
            // In the desktop app, the taskbar/dock shows it too.
            void window.quire?.setArchiveProgress(total > 0 ? done / total : 0);
            return next;
          });
        }
        if (event === ARCHIVE_EVENTS.importTerminate || event === ARCHIVE_EVENTS.importError)
          void window.quire?.setArchiveProgress(null);
        if (event === ARCHIVE_EVENTS.importTerminate) {
          setImporting(false);
          toastSuccess(t('archive.import_done'));
        }
        if (event === ARCHIVE_EVENTS.importError) {
          setImporting(false);
          setError((payload as { message: string }).message);
        }
      }),
    [t],
  );

  const upload = (file: File) => {
    setError(null);
    archiveApi.upload(file).then(
      () => void load(),
      (err: unknown) => (fail(err), void load()),
    );
  };
  const toggle = (name: string, on: boolean) =>
    setOptions((prev) => {
      const next = new Map(prev);
      if (on) next.set(name, { collectionName: name, mode: allowedModes(name)[0] ?? 'insert' });
      else next.delete(name);
      return next;
    });
  const checkAll = (on: boolean) =>
    setOptions(
      new Map(
        on
          ? (zip?.innerFileStats ?? [])
              .map((f) => f.collectionName)
              .filter(isArchiveCollection)
              .map((name) => [name, { collectionName: name, mode: allowedModes(name)[0] ?? 'insert' }])
          : [],
      ),
    );
  const setMode = (name: string, mode: ImportMode) =>
    setOptions((prev) => new Map(prev).set(name, { collectionName: name, mode }));

  const selection = () => {
    const collections = [...options.keys()];
    const list = [...options.values()].map((o) =>
      o.collectionName === 'pages' || o.collectionName === 'revisions' ? { ...o, ...flags } : o,
    );
    return { collections, list };
  };
  /** Checks the selection; with users in it, shows what they would do here and waits for a yes. */
  const review = () => {
    if (!zip) return;
    const { collections, list } = selection();
    const broken = checkImportSelection(
      collections,
      list,
      zip.innerFileStats.map((f) => f.collectionName),
    );
    if (broken) return setError(t(`archive.rules.${broken.code}`, broken.params));
    setError(null);
    const users = options.get('users');
    // Users and settings replace what is here: the admin sees what and says yes first (issue 27, 30).
    if (users)
      archiveApi.previewPeople(zip.fileName, users.mode).then((people) => setConfirming({ people }), fail);
    else if (options.has('configs')) setConfirming({ people: null });
    else start();
  };
  const start = () => {
    if (!zip) return;
    setConfirming(null);
    const { collections, list } = selection();
    setProgress(new Map());
    setImporting(true);
    archiveApi
      .startImport(zip.fileName, collections, list)
      .catch((err: unknown) => (setImporting(false), fail(err)));
  };
  const discard = () =>
    archiveApi.discardAll().then(() => (setZip(null), setOptions(new Map()), setProgress(new Map())), fail);

  return (
    <main className="content admin-content">
      <h1 className="page-title">{t('admin.importer')}</h1>
      {error && <Alert kind="error">{error}</Alert>}
      <section className="card">
        <h2>{t('archive.upload_title')}</h2>
        <p className="muted">{t('archive.upload_hint')}</p>
        <input
          type="file"
          accept=".zip"
          aria-label={t('archive.upload_title')}
          onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])}
        />
      </section>
      {zip && (
        <section className="card" aria-label={t('archive.uploaded')}>
          <h2>{zip.fileName}</h2>
          <p className="muted">
            {t('archive.uploaded_meta', { version: zip.meta.version, exportedAt: zip.meta.exportedAt })}
          </p>
          {!sameVersion && <Alert kind="error">{t('archive.different_versions')}</Alert>}
          <div className="button-row">
            <button type="button" className="btn btn-sm" onClick={() => checkAll(true)}>
              {t('archive.check_all')}
            </button>
            <button type="button" className="btn btn-sm" onClick={() => checkAll(false)}>
              {t('archive.uncheck_all')}
            </button>
          </div>
          <ImportCollections
            available={zip.innerFileStats.map((f) => f.collectionName)}
            options={options}
            progress={progress}
            onToggle={toggle}
            onMode={setMode}
          />
          {options.has('pages') && (
            <fieldset className="archive-group">
              <legend>{t('archive.page_options')}</legend>
              {PAGE_FLAGS.map((flag) => (
                <label key={flag} className="archive-collection">
                  <input
                    type="checkbox"
                    checked={flags[flag] ?? false}
                    onChange={(e) => setFlags({ ...flags, [flag]: e.target.checked })}
                  />{' '}
                  {t(`archive.flag_${flag}`)}
                </label>
              ))}
            </fieldset>
          )}
          <p className="muted">{t('archive.mode_help')}</p>
          {!importing && <ImportReport progress={progress} />}
          <div className="button-row">
            <button
              type="button"
              className="btn btn-primary"
              disabled={importing || !sameVersion}
              onClick={review}
            >
              {t('archive.import')}
            </button>
            {importing ? (
              // The import stops at its next step or record and changes nothing.
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => void archiveApi.cancelImport().catch(fail)}
              >
                {t('archive.cancel_import')}
              </button>
            ) : (
              <button type="button" className="btn btn-danger" onClick={() => void discard()}>
                {t('archive.discard')}
              </button>
            )}
          </div>
        </section>
      )}
      {confirming && (
        <ImportPeopleConfirm
          preview={confirming.people}
          settings={options.has('configs')}
          onConfirm={start}
          onCancel={() => setConfirming(null)}
        />
      )}
      <MarkdownImportSection />
    </main>
  );
}

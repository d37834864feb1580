// The built-in editor (/{path}#edit): Markdown on the left, the same renderer as the page on the
// right. Save (or Ctrl/⌘+S to save and keep editing); the first save of a new page creates it.
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../shared/api-types';
import { ApiError } from '../../api/client';
import { createPage, getPage, updatePage } from '../../api/endpoints';
import { getTemplate } from '../../api/page-tree';
import { MarkdownView } from '../../components/MarkdownView';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { useUi } from '../../stores/ui';
import { Breadcrumbs } from '../page/Breadcrumbs';
import { clearDraft, saveDraft, startingPoint, type EditorBase } from './drafts';
import { ConflictNotice, DraftNotice, type Conflict } from './EditorNotices';
import { GrantSelector, useGrantChoice, useGrantedSave } from './GrantSelector';
import { useLeaveGuard } from './useLeaveGuard';

const SIDEBAR_PATH = '/Sidebar';

interface EditorProps {
  path: string;
  /** null: the page does not exist yet. */
  page: Page | null;
  /** Back to view: with the saved page, or null after Cancel. */
  onLeave: (saved: Page | null) => void;
}

export function Editor({ path, page, onLeave }: EditorProps) {
  const { t } = useTranslation();
  const [start] = useState(() => startingPoint(path, page));
  const [base, setBase] = useState<EditorBase>(start.base);
  const [body, setBody] = useState(start.body);
  const [restoredAt, setRestoredAt] = useState(start.restoredAt);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [grant, setGrant] = useGrantChoice(path, page);
  const saveGranted = useGrantedSave();
  const preview = useDeferredValue(body);
  const dirty = body !== base.body;
  const dirtyRef = useLeaveGuard(dirty, t('editor.leave_confirm'));

  // A new page starts from the nearest template (SPEC §2), unless a draft was restored.
  useEffect(() => {
    if (page !== null || start.restoredAt !== null) return;
    let cancelled = false;
    getTemplate(path).then(
      (template) => {
        if (!cancelled && template) setBody((current) => (current === '' ? template.body : current));
      },
      () => undefined, // no template reachable: start empty
    );
    return () => {
      cancelled = true;
    };
  }, [page, path, start.restoredAt]);

  // The draft follows the text while it differs from the saved version.
  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(
      () => saveDraft(path, { body, pageId: base.pageId, revisionId: base.revisionId }),
      300,
    );
    return () => clearTimeout(timer);
  }, [dirty, body, path, base.pageId, base.revisionId]);

  const save = async (stay: boolean, from: EditorBase = base) => {
    if (saving) return;
    setSaving(true);
    try {
      const saved = await saveGranted(grant, (fields) =>
        from.pageId && from.revisionId
          ? updatePage(from.pageId, from.revisionId, body, fields)
          : createPage(path, body, fields),
      );
      clearDraft(path);
      clearDraft(saved.path);
      setConflict(null);
      setRestoredAt(null);
      setBase({ pageId: saved._id, revisionId: saved.revision._id, body: saved.revision.body });
      useUi.getState().pagesChanged();
      toastSuccess(t('editor.saved'));
      if (!stay) {
        dirtyRef.current = false;
        onLeave(saved);
      }
    } catch (err) {
      const messages = errorMessages(err);
      toastError(messages);
      if (err instanceof ApiError && err.status === 409) {
        // Keep the text (and its draft); learn what the page is now so the user can compare.
        saveDraft(path, { body, pageId: from.pageId, revisionId: from.revisionId });
        const latest = await getPage({ path }).catch(() => null);
        setConflict({ messages, latest });
      }
    } finally {
      setSaving(false);
    }
  };

  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saveRef.current(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const cancel = () => {
    if (dirty && !window.confirm(t('editor.discard_confirm'))) return;
    clearDraft(path);
    dirtyRef.current = false;
    onLeave(null);
  };

  const discardDraft = () => {
    const loaded = page?.revision.body ?? '';
    clearDraft(path);
    setBase({ pageId: page?._id ?? null, revisionId: page?.revision._id ?? null, body: loaded });
    setBody(loaded);
    setRestoredAt(null);
  };

  return (
    // SPEC §2: /Sidebar is edited with its preview as narrow as the sidebar it fills.
    <div className={path === SIDEBAR_PATH ? 'editor editor-sidebar' : 'editor'}>
      <div className="editor-toolbar">
        <div className="editor-heading">
          <span className="editor-mode">{page ? t('editor.editing') : t('editor.new_page')}</span>
          <Breadcrumbs path={path} />
        </div>
        <span className="editor-hint muted">{t('editor.shortcut_hint')}</span>
        <GrantSelector value={grant} onChange={setGrant} />
        <button type="button" className="btn btn-secondary" onClick={cancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void save(false)} disabled={saving}>
          {saving ? t('editor.saving') : t('editor.save')}
        </button>
      </div>
      {restoredAt && <DraftNotice savedAt={restoredAt} onDiscard={discardDraft} />}
      {conflict && (
        <ConflictNotice
          conflict={conflict}
          busy={saving}
          onOverwrite={(latest) =>
            void save(false, { pageId: latest._id, revisionId: latest.revision._id, body: base.body })
          }
        />
      )}
      <div className="editor-panes">
        <textarea
          className="editor-input"
          aria-label={t('editor.markdown')}
          placeholder={t('editor.placeholder')}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          spellCheck={false}
          autoFocus
        />
        <section className="editor-preview" aria-label={t('editor.preview')}>
          <MarkdownView body={preview} />
        </section>
      </div>
    </div>
  );
}

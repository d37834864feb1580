// The built-in editor (/{path}#edit): Markdown on the left, the same renderer as the page on the
// right. Save (or Ctrl/⌘+S to save and keep editing); the first save of a new page creates it.
// The text lives in CodeMirror (MarkdownEditor): React re-renders when the text becomes dirty or
// clean, never per keystroke.
import type { EditorView } from '@codemirror/view';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../shared/api-types';
import { ApiError } from '../../api/client';
import { createPage, getPage, updatePage } from '../../api/endpoints';
import { getTemplate } from '../../api/page-tree';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { Alert } from '../../components/Field';
import { useSession } from '../../stores/session';
import { useUi } from '../../stores/ui';
import { CoeditDraftNotice } from '../coedit/CoeditDraftNotice';
import { Breadcrumbs, pageTitle } from '../page/Breadcrumbs';
import { clearDraft, saveDraft, startingPoint, type EditorBase } from './drafts';
import { ConflictNotice, DraftNotice, type Conflict } from './EditorNotices';
import { GrantSelector, useGrantChoice, useGrantedSave } from './GrantSelector';
import { MarkdownEditor } from './MarkdownEditor';
import { SlackNotifyChoice, useSlackChoice } from './SlackNotifyChoice';
import { useLeaveGuard } from './useLeaveGuard';
import { useSaveShortcut } from './useSaveShortcut';
import { withPluginTemplate } from '../plugins/pending-template';
import { useCustomizeFunction } from '../../stores/customize';

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
  const [start] = useState(() => withPluginTemplate(startingPoint(path, page), path));
  const [base, setBase] = useState<EditorBase>(start.base);
  const viewRef = useRef<EditorView | null>(null);
  const body = () => viewRef.current?.state.doc.toString() ?? start.body;
  const [restoredAt, setRestoredAt] = useState(start.restoredAt);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  /** A save refused for lack of space on the server (issue 26): said above the editor until one works. */
  const [diskFull, setDiskFull] = useState<string | null>(null);
  const [grant, setGrant] = useGrantChoice(path, page);
  const saveGranted = useGrantedSave();
  const [slack, setSlack, slackFields] = useSlackChoice(path);
  const [dirty, setDirty] = useState(start.body !== start.base.body);
  const dirtyRef = useLeaveGuard(dirty, t('editor.leave_confirm'));
  const replaceText = (text: string) => {
    const view = viewRef.current;
    view?.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  };

  // A new page starts from the nearest template (SPEC §2), unless a draft was restored; without
  // one, with its title as a heading when the admin asks for it (customize functions).
  const titleHeader = useCustomizeFunction('isEnabledAttachTitleHeader');
  useEffect(() => {
    if (page !== null || start.restoredAt !== null) return;
    let cancelled = false;
    getTemplate(path).then(
      (template) => {
        if (cancelled || viewRef.current?.state.doc.length !== 0) return;
        if (template) replaceText(template.body);
        else if (titleHeader) replaceText(`# ${pageTitle(path, path)}\n\n`);
      },
      () => undefined, // no template reachable: start empty
    );
    return () => {
      cancelled = true;
    };
  }, [page, path, start.restoredAt, titleHeader]);

  // The draft follows the text while it differs from the saved version (after a pause in typing).
  const draftTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const baseRef = useRef(base);
  useEffect(() => {
    baseRef.current = base;
  }, [base]);
  useEffect(() => () => clearTimeout(draftTimer.current ?? undefined), []);
  const onDocChange = (view: EditorView) => {
    // Per keystroke only a length check (cheap on a 1 MB page); the full comparison waits for a pause.
    if (view.state.doc.length !== baseRef.current.body.length) setDirty(true);
    if (draftTimer.current) clearTimeout(draftTimer.current);
    draftTimer.current = setTimeout(() => {
      const current = baseRef.current;
      const text = body();
      setDirty(text !== current.body);
      if (text !== current.body)
        saveDraft(path, { body: text, pageId: current.pageId, revisionId: current.revisionId });
    }, 300);
  };

  const save = async (stay: boolean, from: EditorBase = base) => {
    if (saving) return;
    setSaving(true);
    const text = body();
    try {
      const saved = await saveGranted(grant, (fields) =>
        from.pageId && from.revisionId
          ? updatePage(from.pageId, from.revisionId, text, { ...fields, ...slackFields })
          : createPage(path, text, { ...fields, ...slackFields }),
      );
      clearDraft(path);
      clearDraft(saved.path);
      setConflict(null);
      setDiskFull(null);
      setRestoredAt(null);
      setBase({ pageId: saved._id, revisionId: saved.revision._id, body: saved.revision.body });
      setDirty(body() !== saved.revision.body);
      useUi.getState().pagesChanged();
      // The sidebar asks for /Sidebar only once it exists (issue 30): it does now.
      if (saved.path === SIDEBAR_PATH) {
        const session = useSession.getState();
        if (!session.config.sidebarPage) session.setConfig({ ...session.config, sidebarPage: true });
      }
      toastSuccess(t('editor.saved'));
      if (!stay) {
        dirtyRef.current = false;
        onLeave(saved);
      }
    } catch (err) {
      const messages = errorMessages(err);
      toastError(messages);
      if (err instanceof ApiError && err.status === 507) {
        // The text stays in the editor, and in this browser's drafts should the tab be closed.
        saveDraft(path, { body: text, pageId: from.pageId, revisionId: from.revisionId });
        setDiskFull(messages.join('\n'));
      }
      if (err instanceof ApiError && err.status === 409) {
        // Keep the text (and its draft); learn what the page is now so the user can compare.
        saveDraft(path, { body: text, pageId: from.pageId, revisionId: from.revisionId });
        const latest = await getPage({ path }).catch(() => null);
        setConflict({ messages, latest, mine: text });
      }
    } finally {
      setSaving(false);
    }
  };

  useSaveShortcut(save);

  const cancel = () => {
    if (dirty && !window.confirm(t('editor.discard_confirm'))) return;
    clearDraft(path);
    dirtyRef.current = false;
    onLeave(null);
  };

  const discardDraft = () => {
    const loaded = page?.revision.body ?? '';
    clearDraft(path);
    replaceText(loaded);
    setBase({ pageId: page?._id ?? null, revisionId: page?.revision._id ?? null, body: loaded });
    setDirty(false);
    setRestoredAt(null);
  };

  return (
    // SPEC §2: /Sidebar is edited with its preview as narrow as the sidebar it fills.
    <div className={path === SIDEBAR_PATH ? 'editor editor-sidebar' : 'editor'}>
      <div className="editor-toolbar">
        <div className="editor-heading">
          {/* A new page is "Editing" once its first Ctrl+S created it (issue 30). */}
          <span className="editor-mode">{base.pageId ? t('editor.editing') : t('editor.new_page')}</span>
          <Breadcrumbs path={path} />
        </div>
        <span className="editor-hint muted">{t('editor.shortcut_hint')}</span>
        <SlackNotifyChoice value={slack} onChange={setSlack} />
        <GrantSelector value={grant} onChange={setGrant} />
        <button type="button" className="btn btn-secondary" onClick={cancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void save(false)} disabled={saving}>
          {saving ? t('editor.saving') : t('editor.save')}
        </button>
      </div>
      <CoeditDraftNotice pageId={page?._id ?? null} />
      {restoredAt && (
        <DraftNotice
          savedAt={restoredAt}
          onDiscard={discardDraft}
          changedPage={start.pageChangedSince ? (page?.revision.body ?? null) : null}
          draft={start.body}
        />
      )}
      {diskFull && <Alert kind="error">{diskFull}</Alert>}
      {conflict && (
        <ConflictNotice
          conflict={conflict}
          busy={saving}
          onOverwrite={(latest) =>
            void save(false, { pageId: latest._id, revisionId: latest.revision._id, body: base.body })
          }
        />
      )}
      <MarkdownEditor
        initialDoc={start.body}
        pageId={base.pageId}
        pagePath={path}
        onDocChange={onDocChange}
        onView={(view) => {
          viewRef.current = view;
        }}
      />
    </div>
  );
}

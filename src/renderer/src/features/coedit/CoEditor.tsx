// Co-editing (/{path}#hackmd, "co-editing" in the UI): everyone on the page edits one shared text
// through the embedded server, sees the others' cursors, and anyone may save it as a revision.
// The shared draft lives on the server, so leaving keeps it for the others and for later.
import { keymap } from '@codemirror/view';
import { yCollab, yUndoManagerKeymap } from 'y-codemirror.next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as Y from 'yjs';
import type { CurrentUser, Page } from '../../../../shared/api-types';
import { SOCKET_CLOSE } from '../../../../shared/realtime-types';
import { Alert } from '../../components/Field';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';
import { useUi } from '../../stores/ui';
import { MarkdownEditor } from '../editor/MarkdownEditor';
import { Breadcrumbs } from '../page/Breadcrumbs';
import { discardCoedit, saveCoedit } from './api';
import { DraftStatusLabel, OutsideEditNotice, Presence } from './CoeditNotices';
import { useCoeditSession } from './useCoeditSession';
import { useSaveShortcut } from '../editor/useSaveShortcut';

interface CoEditorProps {
  page: Page;
  me: CurrentUser;
  onLeave: (saved: Page | null) => void;
}

export function CoEditor({ page, me, onLeave }: CoEditorProps) {
  const { t } = useTranslation();
  const session = useCoeditSession(page._id, me);
  const { provider } = session;
  const [busy, setBusy] = useState(false);
  const extensions = useMemo(
    () =>
      provider
        ? [
            yCollab(provider.text, provider.awareness, { undoManager: new Y.UndoManager(provider.text) }),
            keymap.of(yUndoManagerKeymap),
          ]
        : [],
    [provider],
  );

  const save = async (stay: boolean, overwrite = false) => {
    if (busy) return;
    setBusy(true);
    try {
      const saved = await saveCoedit(page._id, overwrite);
      session.dismissOutsideEdit();
      useUi.getState().pagesChanged();
      toastSuccess(t('editor.saved'));
      if (!stay) onLeave(saved);
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };
  const loadSaved = async () => {
    setBusy(true);
    try {
      await discardCoedit(page._id);
      session.dismissOutsideEdit();
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  useSaveShortcut(save);

  const refusal =
    session.refusedCode === SOCKET_CLOSE.pageGone
      ? t('coediting.page_gone')
      : session.refusedCode !== null
        ? t('page.could_not_edit')
        : null;

  return (
    <div className={page.path === '/Sidebar' ? 'editor editor-sidebar' : 'editor'}>
      <div className="editor-toolbar">
        <div className="editor-heading">
          <span className="editor-mode">{t('coediting.mode')}</span>
          <Breadcrumbs path={page.path} />
          {session.status && <DraftStatusLabel status={session.status} />}
        </div>
        <Presence people={session.people} connection={session.connection} />
        <span className="editor-hint muted">{t('coediting.hint')}</span>
        <button type="button" className="btn btn-secondary" onClick={() => onLeave(null)}>
          {t('coediting.leave')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void save(false)}
          disabled={busy || !session.synced}
        >
          {busy ? t('editor.saving') : t('editor.save')}
        </button>
      </div>
      {refusal && <Alert kind="error">{refusal}</Alert>}
      {session.connection === 'offline' && <Alert kind="warning">{t('coediting.offline_notice')}</Alert>}
      {session.outsideEdit && (
        <OutsideEditNotice
          edit={session.outsideEdit}
          pageId={page._id}
          busy={busy}
          onOverwrite={() => void save(true, true)}
          onLoadSaved={() => void loadSaved()}
          onDismiss={session.dismissOutsideEdit}
        />
      )}
      {provider && session.synced ? (
        <MarkdownEditor
          key={provider.doc.guid}
          initialDoc={provider.text.toString()}
          extensions={extensions}
          pageId={page._id}
          pagePath={page.path}
          collaborative
        />
      ) : (
        !refusal && <div className="loading" aria-busy="true" />
      )}
    </div>
  );
}

// On a page in view mode: "updated by X" when someone saves it meanwhile (with a link that shows
// the new version), and the co-editing draft status of the page (GROWI: new/synced/draft/outdated).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Page } from '../../../../shared/api-types';
import type { CoeditStatusResponse } from '../../../../shared/realtime-types';
import { Alert } from '../../components/Field';
import { useSession } from '../../stores/session';
import { getCoeditStatus } from '../coedit/api';
import { DraftStatusLabel } from '../coedit/CoeditNotices';
import { usePageEvents, useWatchPage, type PageEventMessage } from './live-events';

export function LivePageNotices({ page, onReload }: { page: Page; onReload: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useSession((s) => s.user);
  const [update, setUpdate] = useState<PageEventMessage | null>(null);
  const [draft, setDraft] = useState<CoeditStatusResponse | null>(null);
  useWatchPage(page._id);

  const refreshDraft = () => {
    getCoeditStatus(page._id).then(setDraft, () => setDraft(null));
  };
  usePageEvents((message) => {
    if (message.pageId !== page._id) return;
    if (message.event === 'updated' && message.revisionId !== page.revision._id) setUpdate(message);
    if (message.event === 'updated' || message.event === 'moved') refreshDraft();
  });

  // The parent keys this component by page and revision, so a new version starts afresh.
  useEffect(() => {
    let cancelled = false;
    getCoeditStatus(page._id).then(
      (status) => !cancelled && setDraft(status),
      () => !cancelled && setDraft(null),
    );
    return () => {
      cancelled = true;
    };
  }, [page._id, page.revision._id]);

  const showDraft =
    draft && (draft.status === 'draft' || draft.status === 'outdated' || draft.editors.length > 0);
  return (
    <>
      {update && (
        <Alert kind="info">
          <span data-testid="page-updated-notice">
            {t('coediting.updated_by', { name: update.user?.name ?? t('coediting.someone') })}{' '}
            <a
              href={pathname}
              onClick={(event) => {
                event.preventDefault();
                setUpdate(null);
                onReload();
              }}
            >
              {t('coediting.show_latest')}
            </a>
          </span>
        </Alert>
      )}
      {showDraft && (
        <p className="page-draft">
          <DraftStatusLabel status={draft.status} />{' '}
          {draft.editors.length > 0 && (
            <span className="muted">
              {t('coediting.editing_now', { names: draft.editors.map((e) => e.name).join(', ') })}{' '}
            </span>
          )}
          {user && <Link to={{ pathname, hash: '#hackmd' }}>{t('coediting.join')}</Link>}
        </p>
      )}
    </>
  );
}

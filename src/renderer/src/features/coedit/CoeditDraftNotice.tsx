// In the editor (#edit): a co-editing draft of this page exists. Saving here still works (and the
// co-editors are told), but the user should know the shared draft is there before writing over it.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { CoeditStatusResponse } from '../../../../shared/realtime-types';
import { Alert } from '../../components/Field';
import { getCoeditStatus } from './api';

export function CoeditDraftNotice({ pageId }: { pageId: string | null }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [draft, setDraft] = useState<CoeditStatusResponse | null>(null);
  useEffect(() => {
    if (!pageId) return;
    let cancelled = false;
    getCoeditStatus(pageId).then(
      (status) => !cancelled && setDraft(status),
      () => undefined, // no notice when the status cannot be read
    );
    return () => {
      cancelled = true;
    };
  }, [pageId]);
  if (
    !pageId ||
    !draft ||
    (draft.status !== 'draft' && draft.status !== 'outdated' && draft.editors.length === 0)
  ) {
    return null;
  }
  return (
    <Alert kind="info">
      <span data-testid="coedit-draft-notice">
        {t('coediting.draft_exists')} <Link to={{ pathname, hash: '#hackmd' }}>{t('coediting.join')}</Link>
      </span>
    </Alert>
  );
}

// /share/{shareLinkId}: the page behind a share link, read-only, for anyone holding the link.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Page } from '../../../../shared/api-types';
import type { ShareLink } from '../../../../shared/social-types';
import { MarkdownView } from '../../components/MarkdownView';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorMessages } from '../../stores/toasts';
import { formatExpiry, getSharedPage } from './api';
import { AttachmentsSection } from '../attachments/AttachmentsSection';
import { useSession } from '../../stores/session';

type State = { id: string } & ({ page: Page; shareLink: ShareLink } | { error: string });

export function SharedPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [state, setState] = useState<State | null>(null);
  useEffect(() => {
    let cancelled = false;
    getSharedPage(id).then(
      (shared) => !cancelled && setState({ id, ...shared }),
      (err: unknown) => !cancelled && setState({ id, error: errorMessages(err).join(' ') }),
    );
    return () => {
      cancelled = true;
    };
  }, [id]);
  const current = state?.id === id ? state : null;
  const sharingDisabled = useSession((s) => s.config.disableLinkSharing);
  useDocumentTitle(current && 'page' in current ? current.page.path : t('share_links.shared_page'));

  return (
    <main className="content shared-page">
      {current === null ? (
        <div className="loading" aria-busy="true" />
      ) : 'error' in current ? (
        <p className="alert alert-error">{sharingDisabled ? t('link_sharing.disabled') : current.error}</p>
      ) : (
        <article className="page">
          <header className="page-header">
            <p className="alert alert-info">
              {current.shareLink.expiredAt
                ? t('share_links.viewing_until', { date: formatExpiry(current.shareLink.expiredAt) })
                : t('share_links.viewing')}
            </p>
            <h1 className="page-title">{current.page.path}</h1>
          </header>
          <MarkdownView
            body={current.page.revision.body}
            shareLinkId={current.id}
            pagePath={current.page.path}
            pageId={current.page._id}
          />
          <AttachmentsSection page={current.page} shareLinkId={current.id} />
        </article>
      )}
    </main>
  );
}

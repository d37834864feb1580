// /admin/share-links, share link management (SPEC §2): every link with its page path (admins
// only), delete one or all.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShareLink } from '../../../../shared/social-types';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSession } from '../../stores/session';
import { errorMessages, toastError } from '../../stores/toasts';
import { deleteAllShareLinks, deleteShareLink, getAllShareLinks } from './api';
import { ShareLinkTable } from './ShareLinkTable';

export function AdminShareLinksPage() {
  const { t } = useTranslation();
  const isAdmin = useSession((s) => s.user?.admin ?? false);
  const [links, setLinks] = useState<ShareLink[] | null>(null);
  useDocumentTitle(t('share_links.admin_title'));
  const load = useCallback(() => {
    getAllShareLinks().then(setLinks, (err: unknown) => toastError(errorMessages(err)));
  }, []);
  useEffect(() => {
    if (isAdmin) load();
  }, [isAdmin, load]);
  if (!isAdmin) {
    return (
      <main className="content narrow">
        <p className="alert alert-error">{t('share_links.admin_only')}</p>
      </main>
    );
  }
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      load();
    } catch (err) {
      toastError(errorMessages(err));
    }
  };
  return (
    <main className="content tags-page">
      <div className="page-title-row">
        <h1 className="page-title">{t('share_links.admin_title')}</h1>
        {links && links.length > 0 && (
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => {
              if (window.confirm(t('share_links.delete_all_confirm'))) void run(deleteAllShareLinks);
            }}
          >
            {t('share_links.delete_all')}
          </button>
        )}
      </div>
      {links === null ? (
        <div className="loading" aria-busy="true" />
      ) : (
        <ShareLinkTable
          links={links}
          showPath
          onDelete={(link) => void run(() => deleteShareLink(link._id))}
        />
      )}
    </main>
  );
}

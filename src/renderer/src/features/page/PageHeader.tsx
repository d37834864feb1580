// Path, title, last update and the Edit action of a page (or of a page that does not exist yet).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Page } from '../../../../shared/api-types';
import { Icon } from '../../components/Icon';
import { formatDateTime } from '../../i18n/format';
import { useNarrow } from '../shell/useDrawerMode';
import { mayEditPages } from '../../stores/permissions';
import { useSession } from '../../stores/session';
import { isModalOpen, isTypingOrModified } from '../shell/useShortcuts';
import { PageActions } from '../page-actions/PageActions';
import { Breadcrumbs, pageTitle } from './Breadcrumbs';
import { GrantLock } from './GrantBadge';
import { CopyDropdown } from './CopyDropdown';
import { CommentCountLink } from '../comments/CommentCountLink';

function useEditShortcut(enabled: boolean): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!enabled) return;
    // SPEC §2: `e` edits, but not when a modal is open.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'e' || isTypingOrModified(event) || isModalOpen()) return;
      event.preventDefault();
      navigate({ pathname, hash: '#edit' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, navigate, pathname]);
}

export function PageHeader({ path, page }: { path: string; page: Page | null }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const { pathname } = useLocation();
  const canEdit = mayEditPages(user) && page !== null;
  useEditShortcut(canEdit);
  // On a phone co-editing is in the More menu: the header keeps one row (issue 30).
  const phone = useNarrow();
  const updatedBy = page?.lastUpdateUser?.name ?? page?.revision.author?.name ?? t('page.unknown_user');
  return (
    <header className="page-header">
      <div className="page-path-row">
        <Breadcrumbs path={path} ancestorsOnly />
        {page && <CopyDropdown page={page} />}
      </div>
      <div className="page-title-row">
        <h1 className="page-title">{pageTitle(path, t('page.top'))}</h1>
        {page && <GrantLock page={page} />}
        {page?.wip && (
          <span className="badge badge-warning" title={t('page.wip_hint')} data-testid="wip-badge">
            {t('page.wip')}
          </span>
        )}
        {/* One toolbar: when it does not fit beside the title it moves below it as a whole. */}
        <div className="page-toolbar">
          {user && page && <PageActions page={page} />}
          {canEdit && page && page.status !== 'deleted' && (
            <div className="page-edit-actions">
              <Link
                className="btn btn-secondary"
                to={{ pathname, hash: '#edit' }}
                title={t('page.edit_shortcut')}
              >
                <Icon name="edit" size={16} />
                {t('page.edit')}
              </Link>
              {!phone && (
                <Link
                  className="btn btn-secondary"
                  to={{ pathname, hash: '#hackmd' }}
                  title={t('coediting.start_hint')}
                >
                  {t('coediting.start')}
                </Link>
              )}
            </div>
          )}
        </div>
      </div>
      {page && (
        <p className="page-meta">
          <Icon name="clock" size={14} />
          <span>
            {t('page.last_updated', { name: updatedBy })}
            {' · '}
            <time dateTime={page.updatedAt}>{formatDateTime(page.updatedAt)}</time>
          </span>
          <CommentCountLink page={page} />
        </p>
      )}
    </header>
  );
}

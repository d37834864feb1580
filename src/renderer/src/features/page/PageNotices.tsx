// Page notices (SPEC §2): old version, moved, redirected, duplicated, unlinked, restricted, stale
// (no update for more than a year, SPEC §9), and "in the trash".
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Page } from '../../../../shared/api-types';
import { GRANT } from '../../../../shared/api-types';
import { pathToUrl } from '../../../../shared/page-path';
import { unlinkRedirect } from '../../api/page-tree';
import { Alert } from '../../components/Field';
import { useSession } from '../../stores/session';
import { errorMessages, toastError } from '../../stores/toasts';
import { RestrictedNoticeText } from './GrantBadge';
import { useCustomizeFunction } from '../../stores/customize';

const YEAR_MS = 365 * 24 * 3600 * 1000;

export function isStale(updatedAt: string, now = Date.now()): boolean {
  return now - new Date(updatedAt).getTime() > YEAR_MS;
}

export function PageNotices({ page, oldRevisionId }: { page: Page; oldRevisionId: string | null }) {
  const staleNoticeOn = useCustomizeFunction('isEnabledStaleNotification');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const redirectFrom = params.get('redirectFrom');
  const renamedFrom = params.get('renamedFrom');
  const duplicatedFrom = params.get('duplicated');
  const notices: { key: string; kind: 'info' | 'warning'; text: React.ReactNode }[] = [];
  if (oldRevisionId) {
    notices.push({
      key: 'old',
      kind: 'warning',
      text: (
        <>
          {t('notices.old_version')} <Link to={pathToUrl(page.path)}>{t('notices.show_latest')}</Link>
        </>
      ),
    });
  }
  if (page.status === 'deleted') notices.push({ key: 'trash', kind: 'warning', text: t('notices.in_trash') });
  if (renamedFrom)
    notices.push({ key: 'moved', kind: 'info', text: t('notices.moved', { path: renamedFrom }) });
  if (redirectFrom) {
    const unlink = () =>
      unlinkRedirect(page._id, redirectFrom).then(
        () => navigate(`${pathToUrl(page.path)}?unlinked=true`, { replace: true }),
        (err: unknown) => toastError(errorMessages(err)),
      );
    notices.push({
      key: 'redirected',
      kind: 'info',
      text: (
        <>
          {t('notices.redirected', { path: redirectFrom })}{' '}
          {user && (
            <button type="button" className="btn btn-sm btn-secondary" onClick={unlink}>
              {t('notices.unlink')}
            </button>
          )}
        </>
      ),
    });
  }
  if (duplicatedFrom) {
    notices.push({
      key: 'duplicated',
      kind: 'info',
      text: t('notices.duplicated', { path: duplicatedFrom }),
    });
  }
  if (params.get('unlinked')) notices.push({ key: 'unlinked', kind: 'info', text: t('notices.unlinked') });
  if (page.grant !== GRANT.public) {
    notices.push({ key: 'restricted', kind: 'info', text: <RestrictedNoticeText page={page} /> });
  }
  if (staleNoticeOn && isStale(page.updatedAt))
    notices.push({ key: 'stale', kind: 'warning', text: t('notices.stale') });
  if (notices.length === 0) return null;
  return (
    <div className="page-notices">
      {notices.map((notice) => (
        <Alert key={notice.key} kind={notice.kind}>
          <span data-notice={notice.key}>{notice.text}</span>
        </Alert>
      ))}
    </div>
  );
}

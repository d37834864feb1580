// Who may see a page that is not public (SPEC §2 "restricted" notice, §3 a lock for grant ≠ 1).
import { useTranslation } from 'react-i18next';
import type { PageGrantInfo } from '../../../../shared/account-types';
import { GRANT, type Page } from '../../../../shared/api-types';
import { Icon } from '../../components/Icon';

type GrantedPage = Pick<Page, 'grant'> & Partial<PageGrantInfo>;

/** The i18n key and values of the restricted notice, or null for a public page. */
export function restrictedNotice(page: GrantedPage): { key: string; values?: Record<string, string> } | null {
  switch (page.grant) {
    case GRANT.public:
      return null;
    case GRANT.restricted:
      return { key: 'notices.restricted' };
    case GRANT.specified:
      return { key: 'grant_notices.specified' };
    case GRANT.owner:
      return { key: 'grant_notices.owner' };
    case GRANT.userGroup:
      return {
        key: 'grant_notices.user_group',
        values: { groups: (page.grantedGroups ?? []).map((g) => g.name).join(', ') },
      };
  }
}

export function GrantLock({ page }: { page: GrantedPage }) {
  const { t } = useTranslation();
  const notice = restrictedNotice(page);
  if (!notice) return null;
  return (
    <span className="grant-lock" data-testid="grant-lock" title={t(notice.key, notice.values)}>
      <Icon name="lock" size={18} label={t('grant.label')} />
    </span>
  );
}

export function RestrictedNoticeText({ page }: { page: GrantedPage }) {
  const { t } = useTranslation();
  const notice = restrictedNotice(page);
  return notice ? <>{t(notice.key, notice.values)}</> : null;
}

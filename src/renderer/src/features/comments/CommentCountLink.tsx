// The comment count in the page header, a link down to the comments.
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../shared/api-types';
import { Icon } from '../../components/Icon';
import { useCommentCounts } from './count-store';

export function CommentCountLink({ page }: { page: Page }) {
  const { t } = useTranslation();
  const count = useCommentCounts((s) => s.counts[page._id]) ?? page.commentCount;
  return (
    <a className="page-meta-link" href="#page-comments" title={t('comments.title')}>
      <Icon name="comment" size={14} />
      {t('comments.count', { count })}
    </a>
  );
}

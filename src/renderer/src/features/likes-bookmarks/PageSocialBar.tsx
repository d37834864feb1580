// Like (with the likers), bookmark, and "seen by" of a page. Guests see the counts and people but
// cannot act (SPEC §6).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../shared/api-types';
import type { PageSocialInfo } from '../../../../shared/social-types';
import { Icon } from '../../components/Icon';
import { useSession } from '../../stores/session';
import { errorMessages, toastError } from '../../stores/toasts';
import { getPageInfo, setBookmark, setLike } from './api';
import { useBookmarksVersion } from './store';
import { UserAvatar } from './UserAvatar';
import { ShareLinksDialog } from '../share-links/ShareLinksDialog';

const SEEN_SHOWN = 10;

export function PageSocialBar({ page }: { page: Page }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const bookmarksChanged = useBookmarksVersion((s) => s.bookmarksChanged);
  const [info, setInfo] = useState<PageSocialInfo | null>(null);
  const [showLikers, setShowLikers] = useState(false);
  const [sharing, setSharing] = useState(false);
  const canShare = user !== null && !user.readOnly && page.status === 'published';

  const load = useCallback(() => {
    getPageInfo(page._id).then(setInfo, () => setInfo(null));
  }, [page._id]);
  useEffect(load, [load]);

  const act = async (action: () => Promise<unknown>) => {
    try {
      await action();
      load();
    } catch (err) {
      toastError(errorMessages(err));
    }
  };
  const liked = info?.isLiked ?? (user !== null && page.liker.includes(user._id));
  const likeCount = info?.sumOfLikers ?? page.liker.length;
  const bookmarked = info?.isBookmarked ?? false;
  const guestTitle = user ? undefined : t('social.guest_cannot');

  return (
    <div className="page-social">
      <div className="social-buttons">
        <button
          type="button"
          className={`btn btn-sm social-button${liked ? ' active' : ''}`}
          aria-pressed={liked}
          disabled={!user}
          title={guestTitle ?? (liked ? t('social.unlike') : t('social.like'))}
          onClick={() => void act(() => setLike(page._id, !liked))}
        >
          <Icon name="heart" size={15} />
          {t('social.like')}
          <span className="count-badge">{likeCount}</span>
        </button>
        {likeCount > 0 && (
          <button
            type="button"
            className="btn-link social-people-toggle"
            aria-expanded={showLikers}
            onClick={() => setShowLikers(!showLikers)}
          >
            {t('social.likers', { count: likeCount })}
          </button>
        )}
        <button
          type="button"
          className={`btn btn-sm social-button${bookmarked ? ' active' : ''}`}
          aria-pressed={bookmarked}
          disabled={!user}
          title={guestTitle ?? (bookmarked ? t('social.unbookmark') : t('social.bookmark'))}
          onClick={() =>
            void act(async () => {
              await setBookmark(page._id, !bookmarked);
              bookmarksChanged();
            })
          }
        >
          <Icon name="bookmark" size={15} />
          {bookmarked ? t('social.bookmarked') : t('social.bookmark')}
          <span className="count-badge">{info?.bookmarkCount ?? 0}</span>
        </button>
        {canShare && (
          <button type="button" className="btn btn-sm social-button" onClick={() => setSharing(true)}>
            <Icon name="external" size={15} />
            {t('share_links.share')}
          </button>
        )}
      </div>
      {sharing && <ShareLinksDialog page={page} onClose={() => setSharing(false)} />}
      {showLikers && info && (
        <ul className="social-people" aria-label={t('social.likers_title')}>
          {info.likers.map((liker) => (
            <li key={liker._id}>
              <UserAvatar user={liker} size={20} />
              {liker.name}
            </li>
          ))}
        </ul>
      )}
      {info && info.sumOfSeenUsers > 0 && (
        <div className="seen-by" aria-label={t('social.seen_by_title', { count: info.sumOfSeenUsers })}>
          <span className="muted">{t('social.seen_by')}</span>
          {info.seenUsers.slice(0, SEEN_SHOWN).map((seen) => (
            <UserAvatar key={seen._id} user={seen} size={22} />
          ))}
          {info.sumOfSeenUsers > SEEN_SHOWN && (
            <span className="muted">+{info.sumOfSeenUsers - SEEN_SHOWN}</span>
          )}
        </div>
      )}
    </div>
  );
}

// The sidebar's Bookmarks tab: the signed-in user's bookmarked pages, newest first.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BookmarkedPage } from '../../../../shared/social-types';
import { pathToUrl } from '../../../../shared/page-path';
import { useSession } from '../../stores/session';
import { getBookmarks } from './api';
import { useBookmarksVersion } from './store';

export function BookmarksList() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const version = useBookmarksVersion((s) => s.version);
  const [result, setResult] = useState<{ key: string; list: BookmarkedPage[] | null } | null>(null);
  const key = `${user?._id ?? ''}|${version}`;

  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    getBookmarks(user._id).then(
      ({ userRootBookmarks }) => !cancelled && setResult({ key, list: userRootBookmarks }),
      () => !cancelled && setResult({ key, list: null }),
    );
    return () => {
      cancelled = true;
    };
  }, [key, user]);

  const list = result?.key === key ? result.list : undefined;
  return (
    <section className="recent" aria-labelledby="bookmarks-title">
      <h2 id="bookmarks-title" className="side-title">
        {t('social.bookmarks')}
      </h2>
      {!user ? (
        <p className="muted">{t('social.bookmarks_login')}</p>
      ) : list === undefined ? (
        <div className="loading small" aria-busy="true" />
      ) : list === null ? (
        <p className="muted">{t('social.bookmarks_failed')}</p>
      ) : list.length === 0 ? (
        <p className="muted">{t('social.bookmarks_empty')}</p>
      ) : (
        <ul className="recent-list bookmarks-list">
          {list.map(({ page }) => (
            <li key={page._id}>
              <Link to={pathToUrl(page.path)} className="recent-path">
                {page.path}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// /user/{username} (SPEC §2): a user's home — who they are, their own home page when someone wrote
// one, the pages they created, the pages they saved last, and their bookmarks. Pages below
// /user/{username} are ordinary wiki pages (the page route).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { UserProfileResponse } from '../../../../shared/account-types';
import type { Page } from '../../../../shared/api-types';
import { pathToUrl, userPageRoot } from '../../../../shared/page-path';
import { getUserProfile, getUserRecentPages } from './api';
import { getPageByPath } from '../../api/page-tree';
import { MarkdownView } from '../../components/MarkdownView';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { PagedPageList } from '../page/PageList';
import { DEFAULT_AVATAR } from '../shell/UserMenu';
import { getBookmarks } from '../likes-bookmarks/api';

type Profile = UserProfileResponse['user'];

function Bookmarks({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState<{ _id: string; path: string }[]>([]);
  useEffect(() => {
    let cancelled = false;
    getBookmarks(userId).then(
      (res) => !cancelled && setPages(res.userRootBookmarks.map((b) => b.page)),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [userId]);
  if (pages.length === 0) return null;
  return (
    <section className="page-list-section" aria-labelledby="user-bookmarks-title">
      <h2 id="user-bookmarks-title" className="side-title">
        {t('user_home.bookmarks', { count: pages.length })}
      </h2>
      <ul className="page-list">
        {pages.map((page) => (
          <li key={page._id}>
            <Link to={pathToUrl(page.path)}>{page.path}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function UserHomePage() {
  const { t } = useTranslation();
  const { username = '' } = useParams();
  const [profile, setProfile] = useState<Profile | null | 'missing'>(null);
  const [homePage, setHomePage] = useState<Page | null>(null);
  useDocumentTitle(username);

  useEffect(() => {
    let cancelled = false;
    getUserProfile(username).then(
      (user) => !cancelled && setProfile(user),
      () => !cancelled && setProfile('missing'),
    );
    // A page written at the home root itself (GROWI creates one per user; Quire shows it when present).
    getPageByPath(userPageRoot(username)).then(
      (res) => !cancelled && setHomePage(res.page),
      () => !cancelled && setHomePage(null),
    );
    return () => {
      cancelled = true;
    };
  }, [username]);

  const userId = profile && profile !== 'missing' ? profile._id : null;
  const created = useCallback(
    (p: number, n: number) => getUserRecentPages(userId ?? '', 'created', p, n),
    [userId],
  );
  const updated = useCallback(
    (p: number, n: number) => getUserRecentPages(userId ?? '', 'updated', p, n),
    [userId],
  );

  if (profile === null) return null;
  if (profile === 'missing') {
    return (
      <main className="content narrow">
        <h1 className="page-title">{userPageRoot(username)}</h1>
        <p role="alert">{t('user_home.not_found')}</p>
      </main>
    );
  }
  return (
    <main className="content narrow user-home">
      <header className="user-home-header">
        <img className="avatar avatar-lg" src={DEFAULT_AVATAR} alt="" width={64} height={64} />
        <div>
          <h1 className="page-title">{profile.name}</h1>
          <div className="muted">@{profile.username}</div>
          {profile.email && <div className="muted">{profile.email}</div>}
        </div>
      </header>
      {homePage?.revision && (
        <article className="markdown-body">
          <MarkdownView body={homePage.revision.body} />
        </article>
      )}
      {userId && (
        <>
          <PagedPageList load={created} size="M" title={(count) => t('user_home.created', { count })} />
          <PagedPageList load={updated} size="M" title={(count) => t('user_home.updated', { count })} />
          <Bookmarks userId={userId} />
        </>
      )}
    </main>
  );
}

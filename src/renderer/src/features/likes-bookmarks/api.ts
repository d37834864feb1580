// Likes, bookmarks and a page's social facts (v3).
import type { BookmarkInfo, BookmarksResponse, PageSocialInfo } from '../../../../shared/social-types';
import { api } from '../../api/client';

export const getPageInfo = (pageId: string) => api.get<PageSocialInfo>(`/_api/v3/page/info?pageId=${pageId}`);

export const setLike = (pageId: string, bool: boolean) =>
  api.put<{ result: { page: { _id: string; liker: string[] } } }>('/_api/v3/page/likes', { pageId, bool });

export const setBookmark = (pageId: string, bool: boolean) =>
  api.put<BookmarkInfo>('/_api/v3/bookmarks', { pageId, bool });

export const getBookmarks = (userId: string) => api.get<BookmarksResponse>(`/_api/v3/bookmarks/${userId}`);

// Payloads of issue 7: tags, comments, likes, bookmarks and "seen by" (GROWI's shapes).
import type { PageSummary, UserSummary } from './api-types';

/** A tag name: no spaces (so `tag:name` can find it), at most this many characters. */
export const TAG_MAX_LENGTH = 64;
export const TAGS_PER_PAGE_MAX = 50;
export const COMMENT_MAX_LENGTH = 100_000;
/** SPEC §9: with "show all replies" off, only the latest two replies of a comment are shown. */
export const REPLIES_SHOWN_WHEN_FOLDED = 2;

/** `POST /_api/tags.update` */
export interface TagsUpdateRequest {
  pageId: string;
  revisionId: string;
  tags: string[];
}
export interface TagCount {
  name: string;
  count: number;
}
/** `GET /_api/tags.list` */
export interface TagsListResponse {
  ok: true;
  data: TagCount[];
  totalCount: number;
}

export interface Comment {
  _id: string;
  page: string;
  revision: string | null;
  creator: UserSummary | null;
  comment: string;
  /** The top-level comment this one answers, or null. */
  replyTo: string | null;
  createdAt: string;
  updatedAt: string;
}
/** `POST /_api/comments.add` */
export interface CommentAddRequest {
  /** Without `revision_id` the comment is on the page's latest revision (GROWI's clients). */
  commentForm: { page_id: string; revision_id?: string; comment: string; replyTo?: string };
  /** GROWI's user-trigger form: tell these Slack channels (comma-separated) about the comment. */
  slackNotificationForm?: { isSlackEnabled?: boolean; slackChannels?: string };
}
export interface CommentUpdateRequest {
  commentForm: { comment_id: string; comment: string };
}

/** `GET /_api/v3/page/info?pageId=`: the social facts of a page with the users spelled out. */
export interface PageSocialInfo {
  sumOfLikers: number;
  likerIds: string[];
  likers: UserSummary[];
  isLiked: boolean;
  sumOfSeenUsers: number;
  seenUserIds: string[];
  seenUsers: UserSummary[];
  bookmarkCount: number;
  isBookmarked: boolean;
  commentCount: number;
}

/** `GET /_api/v3/bookmarks/info?pageId=` */
export interface BookmarkInfo {
  sumOfBookmarks: number;
  isBookmarked: boolean;
  pageId?: string;
  bookmarkedUsers?: UserSummary[];
}
export interface BookmarkedPage {
  /** GROWI's bookmark fields: an id for the pair, and the user who bookmarked. */
  _id: string;
  user: string;
  page: PageSummary;
  createdAt: string;
}
/** `GET /_api/v3/bookmarks/{userId}` */
/** GROWI's `GET /bookmarks/{userId}` (its folders' root: every bookmark, as folders are not kept). */
export interface BookmarksResponse {
  userRootBookmarks: BookmarkedPage[];
}

/** Admin settings of comments (SPEC §3 `isEnabledLinebreaksInComments`, read-only users commenting). */
export interface CommentSettings {
  isEnabledLinebreaksInComments: boolean;
  isRomUserAllowedToComment: boolean;
}

/** A tag name as stored: trimmed; null when it cannot be a tag. */
export function normalizeTagName(input: string): string | null {
  const name = input.trim();
  if (name === '' || name.length > TAG_MAX_LENGTH || /\s/.test(name)) return null;
  return name;
}

export interface CommentThread {
  comment: Comment;
  replies: Comment[];
  /** Replies left out while folded (SPEC §9). */
  hiddenReplies: number;
}

/**
 * Groups comments (oldest first) into threads of a top-level comment and its replies. With
 * `showAllReplies` off only the latest two replies of each thread are kept.
 */
export function foldComments(comments: Comment[], showAllReplies: boolean): CommentThread[] {
  const threads = new Map<string, { comment: Comment; replies: Comment[] }>();
  const orphans: Comment[] = [];
  for (const c of comments) {
    if (c.replyTo === null) threads.set(c._id, { comment: c, replies: [] });
  }
  for (const c of comments) {
    if (c.replyTo === null) continue;
    const thread = threads.get(c.replyTo);
    if (thread) thread.replies.push(c);
    else orphans.push(c);
  }
  const result = [...threads.values()].map(({ comment, replies }): CommentThread => {
    if (showAllReplies || replies.length <= REPLIES_SHOWN_WHEN_FOLDED) {
      return { comment, replies, hiddenReplies: 0 };
    }
    const shown = replies.slice(-REPLIES_SHOWN_WHEN_FOLDED);
    return { comment, replies: shown, hiddenReplies: replies.length - shown.length };
  });
  // A reply whose comment is gone is shown on its own rather than lost.
  for (const c of orphans) result.push({ comment: c, replies: [], hiddenReplies: 0 });
  return result;
}

export const SHARE_LINK_DESCRIPTION_MAX = 1000;

/** A share link (SPEC §3): `relatedPage` carries the path for the admins' list. */
export interface ShareLink {
  _id: string;
  relatedPage: { _id: string; path: string };
  creator: UserSummary | null;
  /** ISO time, or null for a link that never expires. */
  expiredAt: string | null;
  description: string;
  createdAt: string;
}
/** `POST /_api/v3/share-links` answers the new link as GROWI's document: the page by id, no expiry when none. */
export type CreatedShareLink = Omit<ShareLink, 'relatedPage' | 'expiredAt'> & {
  relatedPage: string;
  expiredAt?: string;
  __v: number;
};
/** `POST /_api/v3/share-links` */
export interface ShareLinkCreateRequest {
  relatedPage: string;
  expiredAt?: string | null;
  description?: string;
}

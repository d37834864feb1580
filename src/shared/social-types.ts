// Payloads of issue 7: tags, comments, likes, bookmarks and "seen by" (GROWI's shapes).
import type { Static } from '@sinclair/typebox';
import type { AnswerOf, BodyOf } from './contracts/define';
import type {
  CommentSchema,
  TagCountSchema,
  commentsAdd,
  commentsUpdate,
  tagsList,
  tagsUpdate,
} from './contracts/comments-tags';
import type { CreatedShareLinkSchema, ShareLinkSchema, shareLinkCreate } from './contracts/share-links';
import type {
  BookmarkDocSchema,
  BookmarkInfoSchema,
  BookmarkedPageSchema,
  PageSocialInfoSchema,
  userBookmarks,
} from './contracts/social';

/** A tag name: no spaces (so `tag:name` can find it), at most this many characters. */
export const TAG_MAX_LENGTH = 64;
export const TAGS_PER_PAGE_MAX = 50;
export const COMMENT_MAX_LENGTH = 100_000;
/** SPEC §9: with "show all replies" off, only the latest two replies of a comment are shown. */
export const REPLIES_SHOWN_WHEN_FOLDED = 2;

/** `POST /_api/tags.update` */
export type TagsUpdateRequest = BodyOf<typeof tagsUpdate>;
export type TagCount = Static<typeof TagCountSchema>;
/** `GET /_api/tags.list` */
export type TagsListResponse = AnswerOf<typeof tagsList>;

export type Comment = Static<typeof CommentSchema>;
/** `POST /_api/comments.add` */
export type CommentAddRequest = BodyOf<typeof commentsAdd>;
export type CommentUpdateRequest = BodyOf<typeof commentsUpdate>;

/** `GET /_api/v3/page/info?pageId=`: the social facts of a page with the users spelled out. */
export type PageSocialInfo = Static<typeof PageSocialInfoSchema>;

/** `GET /_api/v3/bookmarks/info?pageId=` */
export type BookmarkInfo = Static<typeof BookmarkInfoSchema>;
/** GROWI's bookmark document: the page and the user by id. */
export type BookmarkDoc = Static<typeof BookmarkDocSchema>;
export type BookmarkedPage = Static<typeof BookmarkedPageSchema>;
/** `GET /_api/v3/bookmarks/{userId}` */
/** GROWI's `GET /bookmarks/{userId}` (its folders' root: every bookmark, as folders are not kept). */
export type BookmarksResponse = AnswerOf<typeof userBookmarks>;

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

export type ShareLink = Static<typeof ShareLinkSchema>;
/** `POST /_api/v3/share-links` answers the new link as GROWI's document. */
export type CreatedShareLink = Static<typeof CreatedShareLinkSchema>;
export type ShareLinkCreateRequest = BodyOf<typeof shareLinkCreate>;

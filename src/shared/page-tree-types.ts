// Payload shapes of the page tree, lifecycle and history API (issue 3), shared by server and renderer.
import type { Grant, PageSummary, UserSummary } from './api-types';

/** One row of the lazy page tree: enough to draw it, never the body. */
export interface TreeNode {
  _id: string;
  path: string;
  parentId: string | null;
  /** A placeholder for an ancestor nobody wrote yet (creatable on click). */
  isEmpty: boolean;
  descendantCount: number;
  grant: Grant | number;
  updatedAt: string;
}

export interface ChildrenResponse {
  children: TreeNode[];
  /** More children follow: ask again with `after` = the last child's path. */
  hasNext: boolean;
}

export interface PageListResponse {
  pages: PageSummary[];
  totalCount: number;
}

export type PageCompleteDeletionAuthority = 'anyOne' | 'adminAndAuthor' | 'adminOnly';
export const DELETION_AUTHORITIES: readonly PageCompleteDeletionAuthority[] = [
  'anyOne',
  'adminAndAuthor',
  'adminOnly',
];

export interface RevisionSummary {
  _id: string;
  pageId: string;
  author: UserSummary | null;
  createdAt: string;
  /** Body length in characters. */
  size: number;
  /** Who co-edited this revision beside its author (co-editing saves); usually empty. */
  coeditors: UserSummary[];
}

/** One piece of a line diff (jsdiff's change objects). */
export interface DiffChange {
  value: string;
  added: boolean;
  removed: boolean;
  count: number;
}

// Payload shapes of the page tree, lifecycle and history API (issue 3), shared by server and renderer.
import type { Static } from '@sinclair/typebox';
import type { AnswerOf } from './contracts/define';
import type { PageListSchema, TreeNodeSchema, pageListingChildren } from './contracts/page-listing';
import type { DiffChangeSchema, RevisionSummarySchema } from './contracts/revisions';

/** One row of the lazy page tree: enough to draw it, never the body. */
export type TreeNode = Static<typeof TreeNodeSchema>;
export type ChildrenResponse = AnswerOf<typeof pageListingChildren>;
/** What the web app's lists read of a page list's answer. */
export type PageListResponse = Pick<Static<typeof PageListSchema>, 'pages' | 'totalCount'>;

export type PageCompleteDeletionAuthority = 'anyOne' | 'adminAndAuthor' | 'adminOnly';
export const DELETION_AUTHORITIES: readonly PageCompleteDeletionAuthority[] = [
  'anyOne',
  'adminAndAuthor',
  'adminOnly',
];

export type RevisionSummary = Static<typeof RevisionSummarySchema>;
/** One piece of a line diff (jsdiff's change objects). */
export type DiffChange = Static<typeof DiffChangeSchema>;

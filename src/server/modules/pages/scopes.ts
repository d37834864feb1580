// What other modules may compose into their own queries about pages (Outline's scopes): the
// table to join their rows to, and the conditions the page tree and the permission function
// decide. Only the pages module imports `pages` from the schema; the others come through here
// (test/server/table-owners.test.ts keeps it so).
import { and, eq, gte, lt, ne, or, type SQL } from 'drizzle-orm';
import { pages, revisionCoeditors, revisions } from '../../db/schema';
import { listablePages, type AccessContext } from '../../policies/page-access';
import { subtreeRange } from './tree-store';

/** The pages table, to join another module's rows to their page. */
export const PAGES = pages;
/** Pages' revisions (the history screens, co-editing's base text, a comment's revision). */
export const REVISIONS = revisions;
export const REVISION_COEDITORS = revisionCoeditors;

/** Published, not an empty placeholder, and listed for this viewer (the tree's and search's rule). */
export function listedPages(ctx: AccessContext): SQL {
  return and(eq(pages.status, 'published'), eq(pages.isEmpty, false), listablePages(ctx))!;
}

/** The pages strictly below `prefix` (the subtree without its root). */
export function pagesBelow(prefix: string): SQL {
  const { lo, hi } = subtreeRange(prefix);
  return and(gte(pages.path, lo), lt(pages.path, hi), ne(pages.path, prefix))!;
}

/** The page at `prefix` and every page below it. */
export function subtreeOf(prefix: string): SQL {
  const { lo, hi } = subtreeRange(prefix);
  return or(eq(pages.path, prefix), and(gte(pages.path, lo), lt(pages.path, hi)))!;
}

// Lists made from the whole pages table and depending on who reads (the tree's levels, recent
// changes, the tags page; issue 32): kept per reader's visibility (viewerKey: guests, or a user with their groups)
// until any page row or a shown name changes (db/row-watch.ts). A page row alone cannot say which
// levels it shows in: a grant changed deep below changes the count a level shows, so a write
// forgets every kept list, and between two saves each reader asks the database once.
import type Database from 'better-sqlite3';
import { RowMemo, USER_NAME_ROWS, type RowWatch } from '../../db/row-watch';
import type { AccessContext } from '../../policies/page-access';
import { viewerKey } from './visible-counts';

/**
 * Kept lists of one memo, readers and windows together; more and it starts over. A tree level of
 * 100 nodes is about 20 KB, so a memo stays within about 10 MB.
 */
const MAX_LISTS = 500;

/** `tables`: what else the list is made of (any change there forgets every kept list too). */
export function listingMemo<V>(sqlite: Database.Database, tables: string[] = []): RowMemo<V> {
  const watches = ['pages', ...tables].map((table): RowWatch => ({
    table,
    events: ['INSERT', 'UPDATE', 'DELETE'],
  }));
  return new RowMemo<V>(sqlite, [...watches, ...USER_NAME_ROWS], MAX_LISTS);
}

/** The memo's key of one list for one reader: their visibility and what they asked. */
export const listingKey = (ctx: AccessContext, ...asked: (string | number | undefined)[]): string =>
  [viewerKey(ctx), ...asked].join('\u0000');

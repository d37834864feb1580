// In-app notification rows: the merge of repeats (GROWI's upsertByActivity) and the reads behind
// the bell. Every read re-asks the permission function, so a page the user may no longer read
// vanishes from their list and count.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/client';
import { newId } from '../../lib/ids';
import { RowMemo } from '../../db/row-watch';
import type { PageGrantFacts } from '../../policies/page-access';
import { type InAppNotificationStatus, type NotifyAction } from '../../../shared/notification-types';

/** Repeats of one action on one page within this window merge into one notification. */
export const MERGE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export interface InAppRow extends PageGrantFacts {
  id: string;
  target_page_id: string;
  action: NotifyAction;
  action_user_ids: string;
  status: InAppNotificationStatus;
  snapshot: string;
  created_at: number;
  path: string | null;
}

export class InAppStore {
  private readonly mergeable: Statement<
    [string, string, string, string, number],
    { id: string; action_user_ids: string }
  >;
  private readonly bump: Statement<[string, number, string]>;
  private readonly insert: Statement<[string, string, string, string, string, string, number]>;
  private readonly ofUser: Statement<[string], Omit<InAppRow, 'path' | keyof PageGrantFacts>>;
  private readonly openOne: Statement<[string, string]>;
  private readonly openAll: Statement<[string]>;
  /**
   * The pages of each user's unopened notifications (the bell's count, asked on every page view:
   * issue 32), until a notification row of that user changes (db/row-watch.ts).
   */
  private readonly unopenedMemo: RowMemo<string[]>;
  private readonly unopenedOf: Statement<[string], string>;

  constructor(
    db: Db,
    /** The pages module's row of a page (path and grant), or undefined. */
    private readonly pageFacts: (pageId: string) => (PageGrantFacts & { path: string }) | undefined,
  ) {
    const sqlite = db.$client;
    this.unopenedMemo = new RowMemo(sqlite, [
      { table: 'in_app_notifications', events: ['INSERT', 'UPDATE', 'DELETE'], key: 'user_id' },
    ]);
    this.unopenedOf = sqlite
      .prepare<[string], string>(
        "SELECT target_page_id FROM in_app_notifications WHERE user_id = ? AND status = 'UNOPENED'",
      )
      .pluck();
    this.mergeable = sqlite.prepare(
      `SELECT id, action_user_ids FROM in_app_notifications
       WHERE user_id = ? AND target_page_id = ? AND action = ? AND snapshot = ? AND created_at > ?
       ORDER BY created_at DESC, rowid DESC LIMIT 1`,
    );
    this.bump = sqlite.prepare(
      "UPDATE in_app_notifications SET action_user_ids = ?, status = 'UNOPENED', created_at = ? WHERE id = ?",
    );
    this.insert = sqlite.prepare(
      `INSERT INTO in_app_notifications (id, user_id, target_page_id, action, action_user_ids, snapshot, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'UNOPENED', ?)`,
    );
    this.ofUser = sqlite.prepare(
      `SELECT id, target_page_id, action, action_user_ids, status, snapshot, created_at
       FROM in_app_notifications WHERE user_id = ? ORDER BY created_at DESC, rowid DESC`,
    );
    this.openOne = sqlite.prepare(
      "UPDATE in_app_notifications SET status = 'OPENED' WHERE id = ? AND user_id = ?",
    );
    this.openAll = sqlite.prepare(
      "UPDATE in_app_notifications SET status = 'OPENED' WHERE user_id = ? AND status = 'UNOPENED'",
    );
  }

  /** One recipient's notification of `action` by `actorId`: merged into a recent one, or new. */
  upsert(
    userId: string,
    pageId: string,
    action: NotifyAction,
    snapshot: string,
    actorId: string,
    now: number,
  ): void {
    const found = this.mergeable.get(userId, pageId, action, snapshot, now - MERGE_WINDOW_MS);
    if (found) {
      const actors = (JSON.parse(found.action_user_ids) as string[]).filter((id) => id !== actorId);
      this.bump.run(JSON.stringify([...actors, actorId]), now, found.id);
      return;
    }
    this.insert.run(newId(), userId, pageId, action, JSON.stringify([actorId]), snapshot, now);
  }

  /** Every notification of the user, newest first, with its page's grant facts. */
  all(userId: string): InAppRow[] {
    // The page's path and grant come from the pages module; a notification whose page is gone
    // is left out.
    return this.ofUser.all(userId).flatMap((row) => {
      const page = this.pageFacts(row.target_page_id);
      if (!page) return [];
      const { path, grant, creatorId, grantedGroupIds } = page;
      return [{ ...row, path, grant, creatorId, grantedGroupIds }];
    });
  }

  /** The grant facts of the pages of the user's unopened notifications (a page gone is left out). */
  unopenedPages(userId: string): PageGrantFacts[] {
    const pageIds = this.unopenedMemo.get(userId, () => this.unopenedOf.all(userId))!;
    return pageIds.flatMap((id) => this.pageFacts(id) ?? []);
  }

  open(userId: string, id: string): void {
    this.openOne.run(id, userId);
  }

  openEverything(userId: string): void {
    this.openAll.run(userId);
  }
}

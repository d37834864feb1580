// At start: edits and comments that committed but have no `global` row (the process died between
// the commit and the listener) are enqueued now, as `reconcileOutbox` does for in-app rows. Only
// while rules listen for them, and only since the newest `global` row (minus a minute).
import type { Db } from '../../../db/client';
import type { OutboxStore } from '../outbox';
import { GLOBAL } from '../channel-names';
import type { NotificationRulesStore } from './rules-store';
import type { GlobalPayload } from './global-channel';
import { prepareCommentQueries } from '../../comments/queries';
import { prepareRevisionQueries } from '../../pages/revision-queries';

const SLACK_MS = 60_000;

export function reconcileGlobal(
  db: Db,
  outbox: OutboxStore,
  rules: NotificationRulesStore,
  /** The page's path from the pages module; undefined when the page is gone (nothing to send). */
  pathOf: (pageId: string) => string | undefined,
): number {
  const sqlite = db.$client;
  const newest = sqlite
    .prepare<[string], { at: number | null }>(
      'SELECT MAX(created_at) AS at FROM notification_outbox WHERE channel = ?',
    )
    .get(GLOBAL)?.at;
  if (newest === null || newest === undefined) return 0;
  const since = newest - SLACK_MS;
  let added = 0;
  const add = (payload: GlobalPayload, at: number) => {
    if (outbox.enqueue(GLOBAL, payload.key, payload, at)) added++;
  };
  if (rules.hasEnabledRuleFor('pageEdit')) {
    const edits = prepareRevisionQueries(sqlite).editsSince(since);
    for (const r of edits) {
      const path = pathOf(r.page_id);
      if (path === undefined) continue;
      add(
        { key: `revision:${r.id}`, event: 'pageEdit', pageId: r.page_id, path, actorId: r.author_id },
        r.created_at,
      );
    }
  }
  if (rules.hasEnabledRuleFor('comment')) {
    const comments = prepareCommentQueries(sqlite).since(since);
    for (const c of comments) {
      const path = pathOf(c.page_id);
      if (path === undefined) continue;
      const key = `comment:${c.id}`;
      add(
        { key, event: 'comment', pageId: c.page_id, path, actorId: c.creator_id, commentId: c.id },
        c.created_at,
      );
    }
  }
  return added;
}

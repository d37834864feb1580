// At start: saves and comments that committed but have no outbox row (the process died between
// the commit and the listener) are enqueued now. Only changes after the newest outbox row (minus
// a minute of slack) are looked at, so this costs one indexed range per table. A page's first
// revision is its creation, which notifies nobody.
import type { Db } from '../../db/client';
import type { OutboxStore } from './outbox';
import { IN_APP } from './channel-names';
import { prepareCommentQueries } from '../comments/queries';
import { prepareRevisionQueries } from '../pages/revision-queries';

const SLACK_MS = 60_000;

export function reconcileOutbox(db: Db, outbox: OutboxStore): number {
  const sqlite = db.$client;
  const newest = sqlite
    .prepare<[string], { at: number | null }>(
      'SELECT MAX(created_at) AS at FROM notification_outbox WHERE channel = ?',
    )
    .get(IN_APP)?.at;
  // An empty outbox: a new install or the first start with notifications; nothing was promised.
  if (newest === null || newest === undefined) return 0;
  const since = newest - SLACK_MS;
  const revisions = prepareRevisionQueries(sqlite).editsSince(since);
  const comments = prepareCommentQueries(sqlite).since(since);
  let added = 0;
  for (const r of revisions) {
    const payload = { pageId: r.page_id, action: 'PAGE_UPDATE', actorId: r.author_id };
    if (outbox.enqueue(IN_APP, `revision:${r.id}`, payload, r.created_at)) added++;
  }
  for (const c of comments) {
    const payload = { pageId: c.page_id, action: 'COMMENT_CREATE', actorId: c.creator_id };
    if (outbox.enqueue(IN_APP, `comment:${c.id}`, payload, c.created_at)) added++;
  }
  return added;
}

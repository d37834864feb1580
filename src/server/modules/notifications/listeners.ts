// Event bus → outbox: saves, comments, moves (a rename, or a deletion into the trash) and likes
// notify a page's subscribers. A save through the API runs in a group commit (db/group-commit.ts),
// so its outbox row is in the save's own transaction. The other emitters emit right after their
// transaction commits, in the same synchronous call, so the outbox row is written before anything
// else can run; what only a process killed in between could lose, `reconcile` finds at the next
// start.
import type { EventBus } from '../../lib/events';
import { isTrashPath } from '../../../shared/page-path';
import type { OutboxStore } from './outbox';
import type { SubscriptionStore } from './subscriptions';
import type { InAppPayload } from './channels/in-app';
import { IN_APP } from './channel-names';

export function listenForNotifications(
  events: EventBus,
  outbox: OutboxStore,
  subscriptions: SubscriptionStore,
  wake: () => void,
): () => void {
  const enqueue = (sourceKey: string, payload: InAppPayload) => {
    if (outbox.enqueue(IN_APP, sourceKey, payload)) wake();
  };
  const offs = [
    events.on('page:created', (e) => {
      if (e.userId) subscriptions.auto(e.pageId, e.userId, 'PAGE_CREATE');
    }),
    events.on('page:updated', (e) => {
      if (!e.userId) return;
      subscriptions.auto(e.pageId, e.userId, 'PAGE_UPDATE');
      enqueue(`revision:${e.revisionId}`, { pageId: e.pageId, action: 'PAGE_UPDATE', actorId: e.userId });
    }),
    // A move into the trash is a deletion; out of it (putting back) tells nobody.
    events.on('page:moved', (e) => {
      if (!e.userId || isTrashPath(e.oldPath)) return;
      const action = isTrashPath(e.path) ? 'PAGE_DELETE' : 'PAGE_RENAME';
      enqueue(`move:${e.pageId}:${Date.now()}`, { pageId: e.pageId, action, actorId: e.userId });
    }),
    events.on('page:liked', (e) => {
      if (e.userId)
        enqueue(`like:${e.pageId}:${e.userId}`, { pageId: e.pageId, action: 'PAGE_LIKE', actorId: e.userId });
    }),
    events.on('comment:created', (e) => {
      if (!e.userId) return;
      subscriptions.auto(e.pageId, e.userId, 'COMMENT_CREATE');
      enqueue(`comment:${e.commentId}`, { pageId: e.pageId, action: 'COMMENT_CREATE', actorId: e.userId });
    }),
  ];
  return () => offs.forEach((off) => off());
}

// Event bus → one `global` outbox row per change a user made (GROWI's six events). Bulk parts
// (pages moved along, imported pages) and changes without a user tell nobody; a move out of the
// trash is a restore, which GROWI does not announce either.
import type { EventBus } from '../../../lib/events';
import { isTrashPath } from '../../../../shared/page-path';
import type { OutboxStore } from '../outbox';
import { GLOBAL } from '../channel-names';
import type { GlobalPayload } from './global-channel';
import type { NotificationRulesStore } from './rules-store';

export function listenForGlobalNotifications(
  events: EventBus,
  outbox: OutboxStore,
  rules: Pick<NotificationRulesStore, 'hasEnabledRuleFor'>,
  wake: () => void,
): () => void {
  // No rule for the event: no row (a save pays one cached lookup, not an insert).
  const enqueue = (payload: GlobalPayload) => {
    if (rules.hasEnabledRuleFor(payload.event) && outbox.enqueue(GLOBAL, payload.key, payload)) wake();
  };
  const offs = [
    events.on('page:created', (e) => {
      if (e.userId && !e.cascade)
        enqueue({
          key: `create:${e.pageId}`,
          event: 'pageCreate',
          pageId: e.pageId,
          path: e.path,
          actorId: e.userId,
        });
    }),
    events.on('page:updated', (e) => {
      if (e.userId)
        enqueue({
          key: `revision:${e.revisionId}`,
          event: 'pageEdit',
          pageId: e.pageId,
          path: e.path,
          actorId: e.userId,
        });
    }),
    events.on('page:moved', (e) => {
      if (!e.userId || e.cascade || isTrashPath(e.oldPath)) return;
      const key = `move:${e.pageId}:${Date.now()}`;
      if (isTrashPath(e.path))
        enqueue({ key, event: 'pageDelete', pageId: e.pageId, path: e.oldPath, actorId: e.userId });
      else
        enqueue({
          key,
          event: 'pageMove',
          pageId: e.pageId,
          path: e.path,
          oldPath: e.oldPath,
          actorId: e.userId,
        });
    }),
    events.on('page:liked', (e) => {
      if (e.userId)
        enqueue({
          key: `like:${e.pageId}:${e.userId}`,
          event: 'pageLike',
          pageId: e.pageId,
          path: e.path,
          actorId: e.userId,
        });
    }),
    events.on('comment:created', (e) => {
      if (e.userId)
        enqueue({
          key: `comment:${e.commentId}`,
          event: 'comment',
          pageId: e.pageId,
          path: e.path,
          actorId: e.userId,
          commentId: e.commentId,
        });
    }),
  ];
  return () => offs.forEach((off) => off());
}

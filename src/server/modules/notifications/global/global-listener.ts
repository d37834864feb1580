// Event bus → one `global` outbox row per change a user made (GROWI's six events). Bulk parts
// (pages moved along, imported pages) and changes without a user tell nobody; a move out of the
// trash is a restore, which GROWI does not announce either.
import type { EventBus, PageEvent } from '../../../lib/events';
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
  /** One row per change a user made (`e.userId`), under `key`, while a rule listens for `event`. */
  const tell = (
    e: PageEvent,
    key: string,
    event: GlobalPayload['event'],
    extra: Partial<Pick<GlobalPayload, 'path' | 'oldPath' | 'commentId' | 'grant'>> = {},
  ) => {
    if (!e.userId || !rules.hasEnabledRuleFor(event)) return;
    const payload: GlobalPayload = {
      key,
      event,
      pageId: e.pageId,
      path: e.path,
      actorId: e.userId,
      ...extra,
    };
    if (outbox.enqueue(GLOBAL, key, payload)) wake();
  };
  const offs = [
    events.on('page:created', (e) => {
      if (!e.cascade) tell(e, `create:${e.pageId}`, 'pageCreate');
    }),
    events.on('page:updated', (e) => tell(e, `revision:${e.revisionId}`, 'pageEdit')),
    events.on('page:moved', (e) => {
      if (e.cascade || isTrashPath(e.oldPath)) return;
      const key = `move:${e.pageId}:${Date.now()}`;
      if (isTrashPath(e.path)) tell(e, key, 'pageDelete', { path: e.oldPath });
      else tell(e, key, 'pageMove', { oldPath: e.oldPath });
    }),
    // Deleted completely without passing through the trash (going into the trash was announced).
    events.on('page:deleted', (e) => {
      if (e.cascade || isTrashPath(e.path) || e.grant === undefined) return;
      tell(e, `delete:${e.pageId}`, 'pageDelete', { grant: e.grant });
    }),
    events.on('page:liked', (e) => tell(e, `like:${e.pageId}:${e.userId}`, 'pageLike')),
    events.on('comment:created', (e) =>
      tell(e, `comment:${e.commentId}`, 'comment', { commentId: e.commentId }),
    ),
  ];
  return () => offs.forEach((off) => off());
}

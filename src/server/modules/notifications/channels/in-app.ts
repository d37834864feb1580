// The in-app channel: at delivery time, the page's subscribers minus the actor, active, and allowed
// by the permission function to read the page now, each get a (merged) notification; their open
// web apps are told to re-read the count.
import type { Db } from '../../../db/client';
import { USER_STATUS } from '../../../db/schema';
import { canReadPage, type AccessContext } from '../../../policies/page-access';
import type { LocalChannel } from '../worker';
import type { InAppStore } from '../in-app-store';
import type { SubscriptionStore } from '../subscriptions';
import type { NotifyAction } from '../../../../shared/notification-types';

export interface InAppPayload {
  pageId: string;
  action: NotifyAction;
  actorId: string;
}

export interface InAppDeps {
  db: Db;
  store: InAppStore;
  subscriptions: SubscriptionStore;
  /** The page's grant facts and creator's username now, or undefined when it is gone. */
  page(pageId: string):
    | {
        path: string;
        grant: number;
        creatorId: string | null;
        grantedGroupIds: string | null;
        status: string;
      }
    | undefined;
  user(
    userId: string,
  ): { id: string; username: string; status: number; admin: boolean; readOnly: boolean } | undefined;
  groupIdsOf(userId: string): string[];
  /** Tells these users' open web apps that their notifications changed. */
  notifyUsers(userIds: string[]): void;
}

export function inAppChannel(deps: InAppDeps): LocalChannel {
  return {
    deliverHere(raw) {
      const payload = raw as InAppPayload;
      const page = deps.page(payload.pageId);
      // A page deleted completely since: nothing left to point at.
      if (!page) return;
      const creator = page.creatorId ? deps.user(page.creatorId) : undefined;
      const snapshot = JSON.stringify({ path: page.path, creator: creator?.username ?? null });
      const recipients = deps.subscriptions.subscriberIds(payload.pageId).filter((userId) => {
        if (userId === payload.actorId) return false;
        const user = deps.user(userId);
        if (!user || user.status !== USER_STATUS.active) return false;
        const access: AccessContext = {
          viewer: {
            id: user.id,
            admin: user.admin,
            readOnly: user.readOnly,
            groupIds: deps.groupIdsOf(user.id),
          },
          restrictGuestMode: 'Deny',
        };
        return canReadPage(access, page);
      });
      if (recipients.length === 0) return;
      const now = Date.now();
      deps.db.$client.transaction(() => {
        for (const userId of recipients) {
          deps.store.upsert(userId, payload.pageId, payload.action, snapshot, payload.actorId, now);
        }
      })();
      deps.notifyUsers(recipients);
    },
  };
}

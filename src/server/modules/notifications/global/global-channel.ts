// Global notifications at delivery time: the page's grant is checked now (public pages always,
// owner-only and group pages only when the admin's switches allow, link-only pages never), the
// matching rules are read, and one mail or Slack row per recipient goes into the outbox. Child rows
// are keyed by this row and the rule, so a fan-out repeated after a crash adds nothing twice.
import { GRANT } from '../../../../shared/api-types';
import { parseSlackChannels, type GlobalEvent } from '../../../../shared/notification-rules';
import type { SettingsService } from '../../settings/service';
import { translatorOf } from '../../../lib/i18n';
import type { OutboxStore } from '../outbox';
import type { LocalChannel } from '../worker';
import { MAIL, SLACK } from '../channel-names';
import type { NotificationRulesStore } from './rules-store';
import { globalMail, globalSlackMessage, type GlobalFacts } from './global-messages';

export interface GlobalPayload {
  key: string;
  event: GlobalEvent;
  pageId: string;
  /** The path when it happened (a deletion: before the trash; a move: the new path). */
  path: string;
  oldPath?: string;
  actorId: string;
  commentId?: string;
  /** The page's grant when it was deleted completely: the page cannot be read at delivery. */
  grant?: number;
}

export interface GlobalDeps {
  rules: NotificationRulesStore;
  outbox: OutboxStore;
  settings: SettingsService;
  page(pageId: string): { grant: number } | undefined;
  user(userId: string): { username: string } | undefined;
  /** The language of the Quire user with this address, if there is one. */
  langOfEmail(email: string): string | undefined;
  commentText(commentId: string): string | undefined;
  siteUrl(): string;
  wake(): void;
}

export function mayNotifyGlobally(settings: SettingsService, grant: number): boolean {
  if (grant === GRANT.public) return true;
  if (grant === GRANT.owner) return settings.get('notification:owner-page:isEnabled');
  if (grant === GRANT.userGroup) return settings.get('notification:group-page:isEnabled');
  return false;
}

export function globalChannel(deps: GlobalDeps): LocalChannel {
  return {
    deliverHere(raw) {
      const payload = raw as GlobalPayload;
      const grant = payload.grant ?? deps.page(payload.pageId)?.grant;
      if (grant === undefined || !mayNotifyGlobally(deps.settings, grant)) return;
      const paths = payload.oldPath ? [payload.path, payload.oldPath] : [payload.path];
      const rules = deps.rules.matching(paths, payload.event);
      if (rules.length === 0) return;
      const facts: GlobalFacts = {
        event: payload.event,
        siteUrl: deps.siteUrl(),
        appTitle: deps.settings.get('app:title'),
        pageId: payload.pageId,
        path: payload.path,
        oldPath: payload.oldPath,
        username: deps.user(payload.actorId)?.username ?? '?',
        comment: payload.commentId ? deps.commentText(payload.commentId) : undefined,
      };
      let added = false;
      for (const rule of rules) {
        if (rule.__t === 'mail' && rule.toEmail) {
          const t = translatorOf(deps.langOfEmail(rule.toEmail) ?? '');
          const mail = globalMail(t, facts, rule.toEmail);
          added = deps.outbox.enqueue(MAIL, `${payload.key}:${rule._id}`, mail) || added;
        }
        for (const channel of rule.__t === 'slack' ? parseSlackChannels(rule.slackChannels ?? '') : []) {
          const message = globalSlackMessage(facts, channel);
          added = deps.outbox.enqueue(SLACK, `${payload.key}:${rule._id}:${channel}`, message) || added;
        }
      }
      if (added) deps.wake();
    },
  };
}

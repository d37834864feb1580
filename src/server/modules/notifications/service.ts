// Notifications (issue 14): the outbox and its worker, page subscriptions and in-app
// notifications. Knows nothing of HTTP; the realtime hub is reached through `notifyUsers`.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import { AppError, notFoundOrForbidden } from '../../lib/app-error';
import { canReadPage, type AccessContext, type Viewer } from '../../policies/page-access';
import type { UsersService } from '../users/service';
import type { UserGroupsService } from '../user-groups/service';
import type { PagesService } from '../pages/service';
import type { SettingsService } from '../settings/service';
import type { UserSummary } from '../../../shared/api-types';
import type {
  InAppNotification,
  InAppNotificationListResponse,
  InAppNotificationStatus,
  OutboxListResponse,
  SubscribeRule,
  SubscriptionStatus,
} from '../../../shared/notification-types';
import { DEFAULT_BACKOFF, OutboxStore, type Backoff } from './outbox';
import { DeliveryWorker } from './worker';
import { InAppStore, type InAppRow } from './in-app-store';
import { SubscriptionStore } from './subscriptions';
import { inAppChannel } from './channels/in-app';
import { listenForNotifications } from './listeners';
import { reconcileOutbox } from './reconcile';
import { mailChannel } from './channels/mail';
import { slackChannel } from './channels/slack';
import type { MailMessage } from './mail/mailer';
import { GLOBAL, IN_APP, MAIL, SLACK, USER_TRIGGER } from './channel-names';
import { NotificationRulesStore } from './global/rules-store';
import { globalChannel } from './global/global-channel';
import { listenForGlobalNotifications } from './global/global-listener';
import { reconcileGlobal } from './global/global-reconcile';
import { NotificationLookups } from './lookups';
import { userTriggerChannel, type UserTriggerPayload } from './slack/user-trigger-channel';
import { isSlackConfigured } from './slack/slack-transport';
import { parseSlackChannels } from '../../../shared/notification-rules';
import { paginateResult } from '../../lib/paginate';

export { MAIL };

type SignedIn = AccessContext & { viewer: Viewer };

export interface NotificationDeps {
  users: UsersService;
  userGroups: UserGroupsService;
  pages: PagesService;
  settings: SettingsService;
  backoff?: Backoff;
  /** Slack's Web API address ('' = Slack itself; tests point it at a stand-in). */
  slackApiUrl?: string;
  /** The wiki's address for links in mails and Slack messages sent outside a request. */
  siteUrl?: () => string;
  /** Tells these users' open web apps to re-read their count (the realtime hub). */
  notifyUsers?: (userIds: string[]) => void;
}

export class NotificationsService {
  readonly outbox: OutboxStore;
  readonly worker: DeliveryWorker;
  readonly rules: NotificationRulesStore;
  private readonly inApp: InAppStore;
  private readonly subscriptions: SubscriptionStore;
  private readonly stopListening: () => void;
  private log: Pick<FastifyBaseLogger, 'warn' | 'info'> = { warn: () => undefined, info: () => undefined };

  constructor(
    private readonly db: Db,
    events: EventBus,
    private readonly deps: NotificationDeps,
  ) {
    this.outbox = new OutboxStore(db);
    this.inApp = new InAppStore(db, (pageId) => deps.pages.facts(pageId));
    this.subscriptions = new SubscriptionStore(db);
    this.rules = new NotificationRulesStore(db);
    const lookups = new NotificationLookups(db);
    const wake = () => this.worker.wake();
    const siteUrl = () =>
      deps.settings.get('app:siteUrl').replace(/\/+$/, '') || (deps.siteUrl?.() ?? 'http://localhost');
    const user = (id: string) => deps.users.findById(id);
    const channels = {
      [IN_APP]: inAppChannel({
        db,
        store: this.inApp,
        subscriptions: this.subscriptions,
        page: (id) => deps.pages.facts(id),
        user: (id) => deps.users.findById(id),
        groupIdsOf: (id) => deps.userGroups.effectiveGroupIds(id),
        notifyUsers: (ids) => this.notifyUsers(ids),
      }),
      [MAIL]: mailChannel(deps.settings),
      [SLACK]: slackChannel(deps.settings, deps.slackApiUrl ?? ''),
      [GLOBAL]: globalChannel({
        rules: this.rules,
        outbox: this.outbox,
        settings: deps.settings,
        page: (id) => deps.pages.facts(id),
        user,
        langOfEmail: (email) => deps.users.findByEmail(email)?.lang,
        commentText: (id) => lookups.commentText(id),
        siteUrl,
        wake,
      }),
      [USER_TRIGGER]: userTriggerChannel({
        outbox: this.outbox,
        settings: deps.settings,
        lookups,
        page: (id) => deps.pages.facts(id),
        user,
        siteUrl,
        wake,
      }),
    };
    this.worker = new DeliveryWorker(
      db.$client,
      this.outbox,
      channels,
      deps.backoff ?? DEFAULT_BACKOFF,
      () => this.log,
    );
    const offInApp = listenForNotifications(events, this.outbox, this.subscriptions, wake);
    const offGlobal = listenForGlobalNotifications(events, this.outbox, this.rules, wake);
    this.stopListening = () => {
      offInApp();
      offGlobal();
    };
  }

  isSlackConfigured(): boolean {
    return isSlackConfigured(this.deps.settings);
  }

  /**
   * The author asked to tell Slack channels about a save or a comment (GROWI's isSlackEnabled).
   * Called right after the change committed; ignored while Slack is not set up.
   */
  enqueueUserTrigger(input: Omit<UserTriggerPayload, 'key' | 'channels'> & { slackChannels: string }): void {
    const channels = parseSlackChannels(input.slackChannels);
    if (channels.length === 0 || !this.isSlackConfigured()) return;
    const key = input.commentId ? `comment:${input.commentId}` : `revision:${input.revisionId ?? ''}`;
    if (this.outbox.enqueue(USER_TRIGGER, key, { ...input, key, channels })) this.worker.wake();
  }

  /** After start-up: enqueue what a crash left out, then deliver what waits. */
  private notifyUsers(userIds: string[]): void {
    this.deps.notifyUsers?.(userIds);
  }

  start(log: Pick<FastifyBaseLogger, 'warn' | 'info'>): void {
    this.log = log;
    const added =
      reconcileOutbox(this.db, this.outbox) +
      reconcileGlobal(this.db, this.outbox, this.rules, (pageId) => this.deps.pages.facts(pageId)?.path);
    if (added > 0) log.info({ added }, 'notifications: enqueued changes a stop left out');
    this.worker.start();
  }

  async close(): Promise<void> {
    this.stopListening();
    await this.worker.stop();
  }

  // --- subscriptions -------------------------------------------------------------------------

  subscribe(ctx: SignedIn, pageId: string, status: SubscriptionStatus) {
    const page = this.deps.pages.facts(pageId);
    if (!page || page.isEmpty || !canReadPage(ctx, page)) throw notFoundOrForbidden();
    this.subscriptions.set(pageId, ctx.viewer.id, status);
    return { subscription: { user: ctx.viewer.id, targetModel: 'Page' as const, target: pageId, status } };
  }

  subscriptionStatus(ctx: SignedIn, pageId: string): SubscriptionStatus | null {
    const page = this.deps.pages.facts(pageId);
    if (!page || !canReadPage(ctx, page)) throw notFoundOrForbidden();
    return this.subscriptions.status(pageId, ctx.viewer.id);
  }

  subscribeRules(userId: string): SubscribeRule[] {
    return this.subscriptions.rules(userId);
  }

  setSubscribeRules(userId: string, rules: SubscribeRule[]): SubscribeRule[] {
    return this.subscriptions.setRules(userId, rules);
  }

  // --- in-app notifications ------------------------------------------------------------------

  private readable(ctx: SignedIn): InAppRow[] {
    return this.inApp.all(ctx.viewer.id).filter((row) => canReadPage(ctx, row));
  }

  list(
    ctx: SignedIn,
    limit: number,
    offset: number,
    status?: InAppNotificationStatus,
  ): InAppNotificationListResponse {
    const rows = this.readable(ctx).filter((row) => !status || row.status === status);
    const docs = rows.slice(offset, offset + limit).map((row) => this.present(row));
    return paginateResult(docs, rows.length, offset, limit);
  }

  unopenedCount(ctx: SignedIn): number {
    return this.inApp.unopenedPages(ctx.viewer.id).filter((page) => canReadPage(ctx, page)).length;
  }

  open(ctx: SignedIn, id: string): void {
    if (!this.readable(ctx).some((row) => row.id === id))
      throw new AppError(404, 'notification_not_found', 'notifications.notification_not_found');
    this.inApp.open(ctx.viewer.id, id);
    this.notifyUsers([ctx.viewer.id]);
  }

  openAll(ctx: SignedIn): void {
    this.inApp.openEverything(ctx.viewer.id);
    this.notifyUsers([ctx.viewer.id]);
  }

  private present(row: InAppRow): InAppNotification {
    const actionUsers = (JSON.parse(row.action_user_ids) as string[])
      .map((id) => this.deps.users.findById(id))
      .filter((u) => u !== undefined)
      .map((u): UserSummary => ({ _id: u.id, username: u.username, name: u.name }));
    return {
      _id: row.id,
      id: row.id,
      targetModel: 'Page',
      target: row.path === null ? null : { _id: row.target_page_id, path: row.path },
      action: row.action,
      status: row.status,
      snapshot: row.snapshot,
      createdAt: new Date(row.created_at).toISOString(),
      actionUsers,
    };
  }

  /** Queues one mail; the worker sends it (a save or an invitation never waits for SMTP). */
  enqueueMail(sourceKey: string, message: MailMessage): void {
    if (this.outbox.enqueue(MAIL, sourceKey, message)) this.worker.wake();
  }

  // --- admin ---------------------------------------------------------------------------------

  outboxList(limit: number): OutboxListResponse {
    return this.outbox.list(limit);
  }

  retryNow(id: string): void {
    if (!this.outbox.retryNow(id))
      throw new AppError(404, 'outbox_entry_not_found', 'notifications.outbox_entry_not_found');
    this.worker.wake();
  }
}

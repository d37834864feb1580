// Tables of the operational features — notifications (issue 14), attachment bytes kept in the
// database (issue 19) and the audit log (issue 15) — beside schema.ts's wiki content, split off so
// each file reads in one sitting. Modules reach these tables through plain SQL; drizzle-kit reads
// both files (drizzle.config.ts).
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { pages, timestamps, users } from './schema';

/**
 * The notification outbox (issue 14): one row per thing to deliver, written right after the change
 * that caused it and delivered by one background worker with retries. `sourceKey` (e.g.
 * `revision:<id>`) is unique per channel, so enqueueing the same change twice (the listener and
 * the start-up reconciliation) adds nothing. `sentAt` set means delivered: never sent again.
 */
export const notificationOutbox = sqliteTable(
  'notification_outbox',
  {
    id: text('id').primaryKey(),
    channel: text('channel').notNull(),
    sourceKey: text('source_key').notNull(),
    /** JSON; its shape depends on the channel (shared/notification-types.ts). */
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    lastError: text('last_error'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('notification_outbox_channel_source_idx').on(t.channel, t.sourceKey),
    index('notification_outbox_due_idx').on(t.sentAt, t.nextAttemptAt),
  ],
);

/** In-app notifications (GROWI's model): one per recipient, page and action; repeats merge. */
export const inAppNotifications = sqliteTable(
  'in_app_notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetPageId: text('target_page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    /** JSON array of the ids of the users who acted, oldest first. */
    actionUserIds: text('action_user_ids').notNull().default('[]'),
    status: text('status').notNull().default('UNOPENED'),
    /** JSON `{path, creator}` of the page when notified. */
    snapshot: text('snapshot').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('in_app_notifications_user_created_idx').on(t.userId, t.createdAt),
    index('in_app_notifications_merge_idx').on(t.userId, t.targetPageId, t.action, t.createdAt),
  ],
);

/** Page subscriptions (GROWI's model): SUBSCRIBE, or an explicit UNSUBSCRIBE opt-out. */
export const pageSubscriptions = sqliteTable(
  'page_subscriptions',
  {
    pageId: text('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.pageId, t.userId] })],
);

/** Per-user automatic subscription rules (GROWI's InAppNotificationSettings.subscribeRules). */
export const inAppNotificationSettings = sqliteTable('in_app_notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** JSON `[{name, isEnabled}]`. */
  subscribeRules: text('subscribe_rules').notNull(),
});

/**
 * Global notification rules (GROWI's GlobalNotificationSetting; `/admin/notification`): events on
 * pages at `trigger_path` (or below it, for a trailing `/*`) are mailed or posted to Slack.
 */
export const globalNotificationSettings = sqliteTable(
  'global_notification_settings',
  {
    id: text('id').primaryKey(),
    /** GROWI's discriminator `__t`: 'mail' or 'slack'. */
    type: text('type').notNull(),
    isEnabled: integer('is_enabled', { mode: 'boolean' }).notNull().default(true),
    triggerPath: text('trigger_path').notNull(),
    /** JSON array of GROWI's event names (pageCreate, pageEdit, …). */
    triggerEvents: text('trigger_events').notNull(),
    toEmail: text('to_email'),
    slackChannels: text('slack_channels'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('global_notification_settings_path_idx').on(t.triggerPath)],
);

/** User-trigger notification patterns (GROWI's UpdatePost): saving a page under one offers its channel. */
export const updatePosts = sqliteTable('update_posts', {
  id: text('id').primaryKey(),
  pathPattern: text('path_pattern').notNull(),
  channel: text('channel').notNull(),
  creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * Attachment files kept inside quire.db (issue 19, the "database" storage; GridFS's analogue): one
 * row per file, its bytes in 255 KiB chunks so neither an upload nor a download holds it whole.
 * Keys starting with `.upload-` are uploads in progress.
 */
export const storedFiles = sqliteTable('stored_files', {
  key: text('key').primaryKey(),
  size: integer('size').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

export const storedFileChunks = sqliteTable(
  'stored_file_chunks',
  {
    fileKey: text('file_key').notNull(),
    n: integer('n').notNull(),
    data: blob('data', { mode: 'buffer' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileKey, t.n] })],
);

/**
 * The audit log (issue 15; GROWI's activities): who did what to what, from where. The actor's
 * username is kept as it was (a deleted user's entries still read), never a password or a secret.
 */
export const auditLogs = sqliteTable(
  'audit_logs',
  {
    id: text('id').primaryKey(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    userId: text('user_id'),
    username: text('username'),
    action: text('action').notNull(),
    target: text('target'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt),
    index('audit_logs_action_idx').on(t.action, t.createdAt),
    index('audit_logs_username_idx').on(t.username, t.createdAt),
  ],
);

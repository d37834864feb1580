// Global notification rules and user-trigger patterns in SQLite (plain SQL on the one connection).
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../../db/client';
import { newId } from '../../../lib/ids';
import {
  triggerPathCandidates,
  userTriggerRegExp,
  type GlobalEvent,
  type GlobalNotificationInput,
  type GlobalNotificationSetting,
} from '../../../../shared/notification-rules';

interface RuleRow {
  id: string;
  type: 'mail' | 'slack';
  is_enabled: number;
  trigger_path: string;
  trigger_events: string;
  to_email: string | null;
  slack_channels: string | null;
}

export interface UpdatePostRow {
  id: string;
  path_pattern: string;
  channel: string;
  creator_id: string | null;
  created_at: number;
}

function toSetting(row: RuleRow): GlobalNotificationSetting {
  return {
    _id: row.id,
    __t: row.type,
    isEnabled: row.is_enabled === 1,
    triggerPath: row.trigger_path,
    triggerEvents: JSON.parse(row.trigger_events) as GlobalEvent[],
    ...(row.type === 'mail' ? { toEmail: row.to_email ?? '' } : { slackChannels: row.slack_channels ?? '' }),
  };
}

export class NotificationRulesStore {
  private readonly all: Statement<[], RuleRow>;
  private readonly one: Statement<[string], RuleRow>;
  private readonly insert: Statement<[string, string, string, string, string | null, string | null, number]>;
  private readonly update: Statement<[string, string, string, string | null, string | null, string]>;
  private readonly enable: Statement<[number, string]>;
  private readonly remove: Statement<[string]>;
  private readonly posts: Statement<[], UpdatePostRow>;
  private readonly insertPost: Statement<[string, string, string, string, number]>;
  private readonly removePost: Statement<[string]>;

  constructor(db: Db) {
    const sqlite = db.$client;
    this.all = sqlite.prepare('SELECT * FROM global_notification_settings ORDER BY trigger_path, created_at');
    this.one = sqlite.prepare('SELECT * FROM global_notification_settings WHERE id = ?');
    this.insert = sqlite.prepare(
      `INSERT INTO global_notification_settings
         (id, type, trigger_path, trigger_events, to_email, slack_channels, is_enabled, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 1, ?)`,
    );
    this.update = sqlite.prepare(
      `UPDATE global_notification_settings
       SET type = ?, trigger_path = ?, trigger_events = ?, to_email = ?, slack_channels = ? WHERE id = ?`,
    );
    this.enable = sqlite.prepare('UPDATE global_notification_settings SET is_enabled = ? WHERE id = ?');
    this.remove = sqlite.prepare('DELETE FROM global_notification_settings WHERE id = ?');
    this.posts = sqlite.prepare('SELECT * FROM update_posts ORDER BY path_pattern, created_at');
    this.insertPost = sqlite.prepare(
      'INSERT INTO update_posts (id, path_pattern, channel, creator_id, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.removePost = sqlite.prepare('DELETE FROM update_posts WHERE id = ?');
  }

  /** Events some enabled rule listens to; cached, since every save asks (reset on every change). */
  private enabledEvents: Set<GlobalEvent> | null = null;

  hasEnabledRuleFor(event: GlobalEvent): boolean {
    this.enabledEvents ??= new Set(this.list().flatMap((rule) => (rule.isEnabled ? rule.triggerEvents : [])));
    return this.enabledEvents.has(event);
  }

  list(): GlobalNotificationSetting[] {
    return this.all.all().map(toSetting);
  }

  get(id: string): GlobalNotificationSetting | undefined {
    const row = this.one.get(id);
    return row && toSetting(row);
  }

  create(input: GlobalNotificationInput): GlobalNotificationSetting {
    const id = newId();
    this.enabledEvents = null;
    this.insert.run(id, input.notifyType, ...fields(input), Date.now());
    return this.get(id)!;
  }

  /** Replaces a rule (its type may change; the other type's field is cleared). */
  replace(id: string, input: GlobalNotificationInput): GlobalNotificationSetting | undefined {
    this.enabledEvents = null;
    if (this.update.run(input.notifyType, ...fields(input), id).changes === 0) return undefined;
    return this.get(id);
  }

  setEnabled(id: string, isEnabled: boolean): boolean {
    this.enabledEvents = null;
    return this.enable.run(isEnabled ? 1 : 0, id).changes > 0;
  }

  delete(id: string): GlobalNotificationSetting | undefined {
    const found = this.get(id);
    this.enabledEvents = null;
    if (found) this.remove.run(id);
    return found;
  }

  /** Enabled rules for this event whose trigger path covers one of `paths` (each rule once). */
  matching(paths: string[], event: GlobalEvent): GlobalNotificationSetting[] {
    const candidates = new Set(paths.flatMap(triggerPathCandidates));
    return this.list().filter(
      (rule) => rule.isEnabled && rule.triggerEvents.includes(event) && candidates.has(rule.triggerPath),
    );
  }

  // --- user-trigger patterns (GROWI's UpdatePost) ----------------------------------------------

  updatePosts(): UpdatePostRow[] {
    return this.posts.all();
  }

  addUpdatePost(pathPattern: string, channel: string, creatorId: string): void {
    this.insertPost.run(newId(), pathPattern, channel, creatorId, Date.now());
  }

  deleteUpdatePost(id: string): boolean {
    return this.removePost.run(id).changes > 0;
  }

  /** The channels whose patterns match a page path (the editor's pre-filled Slack channels). */
  channelsFor(path: string): string[] {
    const channels = this.updatePosts()
      .filter((row) => userTriggerRegExp(row.path_pattern).test(path))
      .map((row) => row.channel);
    return [...new Set(channels)];
  }
}

function fields(input: GlobalNotificationInput): [string, string, string | null, string | null] {
  const mail = input.notifyType === 'mail';
  return [
    input.triggerPath,
    JSON.stringify([...new Set(input.triggerEvents)]),
    mail ? (input.toEmail ?? '') : null,
    mail ? null : (input.slackChannels ?? ''),
  ];
}

// Page subscriptions (GROWI's model) and each user's automatic subscription rules (/me).
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/client';
import {
  SUBSCRIBE_RULE_NAMES,
  SUBSCRIPTION_STATUS,
  type SubscribeRule,
  type SubscribeRuleName,
  type SubscriptionStatus,
} from '../../../shared/notification-types';

/** Quire subscribes authors and commenters unless they turn it off in /me (issue 14). */
const DEFAULT_RULES: SubscribeRule[] = SUBSCRIBE_RULE_NAMES.map((name) => ({ name, isEnabled: true }));

export class SubscriptionStore {
  private readonly upsert: Statement<[string, string, string, number, number]>;
  private readonly addIfNone: Statement<[string, string, number, number]>;
  private readonly statusOf: Statement<[string, string], { status: string }>;
  private readonly subscribers: Statement<[string], { user_id: string }>;
  private readonly rulesOf: Statement<[string], { subscribe_rules: string }>;
  private readonly saveRules: Statement<[string, string]>;

  constructor(db: Db) {
    const sqlite = db.$client;
    this.upsert = sqlite.prepare(
      `INSERT INTO page_subscriptions (page_id, user_id, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (page_id, user_id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at`,
    );
    // An automatic subscription never overrides a choice: an UNSUBSCRIBE row stays.
    this.addIfNone = sqlite.prepare(
      `INSERT OR IGNORE INTO page_subscriptions (page_id, user_id, status, created_at, updated_at)
       VALUES (?, ?, 'SUBSCRIBE', ?, ?)`,
    );
    this.statusOf = sqlite.prepare('SELECT status FROM page_subscriptions WHERE page_id = ? AND user_id = ?');
    this.subscribers = sqlite.prepare(
      "SELECT user_id FROM page_subscriptions WHERE page_id = ? AND status = 'SUBSCRIBE'",
    );
    this.rulesOf = sqlite.prepare(
      'SELECT subscribe_rules FROM in_app_notification_settings WHERE user_id = ?',
    );
    this.saveRules = sqlite.prepare(
      `INSERT INTO in_app_notification_settings (user_id, subscribe_rules) VALUES (?, ?)
       ON CONFLICT (user_id) DO UPDATE SET subscribe_rules = excluded.subscribe_rules`,
    );
  }

  set(pageId: string, userId: string, status: SubscriptionStatus, now = Date.now()): void {
    this.upsert.run(pageId, userId, status, now, now);
  }

  status(pageId: string, userId: string): SubscriptionStatus | null {
    const row = this.statusOf.get(pageId, userId);
    return row ? (row.status as SubscriptionStatus) : null;
  }

  subscriberIds(pageId: string): string[] {
    return this.subscribers.all(pageId).map((row) => row.user_id);
  }

  /** Subscribes the user when their rule for this kind of act is on and they never chose. */
  auto(pageId: string, userId: string, rule: SubscribeRuleName, now = Date.now()): void {
    if (this.rules(userId).some((r) => r.name === rule && r.isEnabled))
      this.addIfNone.run(pageId, userId, now, now);
  }

  rules(userId: string): SubscribeRule[] {
    const row = this.rulesOf.get(userId);
    if (!row) return DEFAULT_RULES;
    const stored = JSON.parse(row.subscribe_rules) as SubscribeRule[];
    return DEFAULT_RULES.map((d) => stored.find((r) => r.name === d.name) ?? d);
  }

  setRules(userId: string, rules: SubscribeRule[]): SubscribeRule[] {
    const merged = DEFAULT_RULES.map((d) => rules.find((r) => r.name === d.name) ?? d);
    this.saveRules.run(userId, JSON.stringify(merged));
    return merged;
  }
}

export { SUBSCRIPTION_STATUS };

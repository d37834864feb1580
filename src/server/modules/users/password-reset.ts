// "Forgot password" (issue 14): a person who forgot their password asks for a link by e-mail; the
// link is single-use, expires after 10 minutes, and only its sha256 is stored. Asking answers the
// same whether or not the address belongs to someone (nobody learns who has an account), and only
// while the admin allows it and mail is set up. Setting the new password signs the user out
// everywhere else. Knows nothing of HTTP.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetOrders, USER_STATUS } from '../../db/schema';
import { AppError, badRequest } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { SettingsService } from '../settings/service';
import type { UserRow, UsersService } from './service';
import { endSessionsOf } from '../../http/session-store';

export const RESET_LINK_LIFETIME_MS = 10 * 60 * 1000;
/** One mail a minute per user at most: nobody can flood someone's inbox through this form. */
export const RESET_MAIL_INTERVAL_MS = 60 * 1000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export const resetLinkDead = () => new AppError(400, 'reset_link_invalid', 'accounts.reset_link_invalid');

export interface ResetRequestDeps {
  db: Db;
  users: UsersService;
  settings: SettingsService;
  mailReady: () => boolean;
  now?: () => Date;
}

export class PasswordResetService {
  constructor(private readonly deps: ResetRequestDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The admin allows it and mail can be sent: the login page offers the link. */
  isAvailable(): boolean {
    return (
      this.deps.settings.get('security:passport-local:isPasswordResetEnabled') &&
      this.deps.settings.get('security:passport-local:isEnabled') &&
      this.deps.mailReady()
    );
  }

  private later: Promise<void> = Promise.resolve();

  /**
   * Orders a link after the caller has answered (issue 27): whether the address is someone's is
   * looked up, and a link written and mailed, off the request, so the answer takes the same time
   * either way. 403 at once when the admin turned the form off.
   */
  orderLater(
    email: string,
    send: (ordered: NonNullable<ReturnType<PasswordResetService['order']>>) => void,
    fail: (err: unknown) => void,
  ): void {
    if (!this.isAvailable())
      throw new AppError(403, 'password_reset_disabled', 'accounts.password_reset_disabled');
    this.later = this.later
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        const ordered = this.order(email);
        if (ordered) send(ordered);
      })
      .catch(fail);
  }

  /** Resolves once every link ordered so far is written and handed to the mail queue. */
  whenIdle(): Promise<void> {
    return this.later;
  }

  /**
   * A new link for the active user with this e-mail, or null (unknown address, suspended user):
   * the caller answers the same either way. Older open links of the user die.
   */
  order(email: string): { token: string; user: { id: string; email: string; lang: string } } | null {
    if (!this.isAvailable())
      throw new AppError(403, 'password_reset_disabled', 'accounts.password_reset_disabled');
    const user = this.deps.users.findByEmail(email.trim());
    if (!user || user.status !== USER_STATUS.active) return null;
    const now = this.now();
    const latest = this.deps.db
      .select({ createdAt: passwordResetOrders.createdAt })
      .from(passwordResetOrders)
      .where(eq(passwordResetOrders.userId, user.id))
      .orderBy(desc(passwordResetOrders.createdAt))
      .get();
    if (latest && now.getTime() - latest.createdAt.getTime() < RESET_MAIL_INTERVAL_MS) return null;
    const token = randomBytes(32).toString('base64url');
    this.deps.db.transaction((tx) => {
      tx.update(passwordResetOrders)
        .set({ usedAt: now })
        .where(and(eq(passwordResetOrders.userId, user.id), isNull(passwordResetOrders.usedAt)))
        .run();
      tx.insert(passwordResetOrders)
        .values({
          id: newId(),
          userId: user.id,
          tokenHash: hash(token),
          expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
          createdAt: now,
        })
        .run();
    });
    return { token, user: { id: user.id, email: user.email, lang: user.lang } };
  }

  /** The open order of a link, or null when it is unknown, used or expired. */
  private open(token: string) {
    const order = this.deps.db
      .select()
      .from(passwordResetOrders)
      .where(eq(passwordResetOrders.tokenHash, hash(token)))
      .get();
    if (!order || order.usedAt || order.expiresAt.getTime() <= this.now().getTime()) return null;
    return order;
  }

  isOpen(token: string): boolean {
    return this.open(token) !== null;
  }

  /** Sets the new password through a live link, once; the link dies and other sessions end. */
  async reset(token: string, newPassword: string, newPasswordConfirm: string): Promise<UserRow> {
    if (newPassword !== newPasswordConfirm)
      throw badRequest('password_mismatch', 'accounts.password_mismatch');
    const order = this.open(token);
    const user = order && this.deps.users.findById(order.userId);
    if (!order || !user || user.status !== USER_STATUS.active) throw resetLinkDead();
    // Claimed before the slow hash: a second use of the same link finds it used.
    const claimed = this.deps.db
      .update(passwordResetOrders)
      .set({ usedAt: this.now() })
      .where(and(eq(passwordResetOrders.id, order.id), isNull(passwordResetOrders.usedAt)))
      .run();
    if (claimed.changes !== 1) throw resetLinkDead();
    await this.deps.users.setPassword(user.id, newPassword);
    endSessionsOf(this.deps.db.$client, user.id);
    return user;
  }
}

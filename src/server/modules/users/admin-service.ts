// Account administration (SPEC §6): the users list, invitations with a temporary password,
// approval, activation, admin and read-only flags, password reset and deletion. An admin cannot
// deactivate, delete or remove the admin rights of their own account, so a wiki always keeps one.
// Deleting a user keeps their pages and revisions (creator and author become empty, the schema's
// ON DELETE SET NULL); their group memberships, external accounts and sessions go with them.
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, USER_STATUS } from '../../db/schema';
import { AppError, badRequest } from '../../lib/app-error';
import type { AdminUser, InviteResponse, UserStatus, UsersListResponse } from '../../../shared/account-types';
import type { SettingsService } from '../settings/service';
import { USERNAME_PATTERN } from '../../../shared/contracts/user-fields';
import type { UserRow, UsersService } from './service';
import { like } from '../../lib/like';

export const userNotFound = () => new AppError(404, 'user_not_found', 'accounts.user_not_found');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A temporary password: 12 URL-safe characters, shown to the admin once. */
export const temporaryPassword = () => randomBytes(9).toString('base64url');

export function toAdminUser(user: UserRow): AdminUser {
  return {
    _id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    admin: user.admin,
    readOnly: user.readOnly,
    status: user.status as UserStatus,
    isEmailPublished: user.isEmailPublished,
    createdAt: user.createdAt.toISOString(),
    // GROWI leaves the field out for a user who never signed in.
    ...(user.lastLoginAt ? { lastLoginAt: user.lastLoginAt.toISOString() } : {}),
  };
}

export class UserAdminService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly settings: SettingsService,
  ) {}

  /** Every account, in username order (GROWI's `GET /users/list` without ids). */
  all(): UserRow[] {
    return this.db.select().from(users).orderBy(asc(users.username)).all();
  }

  /** Usernames holding `text` (any case) among users of these statuses, one window in name order. */
  usernames(text: string, statuses: number[], offset: number, limit: number) {
    const where = and(like(users.username, text), inArray(users.status, statuses));
    const usernames = this.db
      .select({ username: users.username })
      .from(users)
      .where(where)
      .orderBy(asc(users.username))
      .limit(limit)
      .offset(offset)
      .all()
      .map((row) => row.username);
    const totalCount =
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(users)
        .where(where)
        .get()?.n ?? 0;
    return { usernames, totalCount };
  }

  list(query: { page: number; limit: number; searchText?: string; statuses?: number[] }): UsersListResponse {
    const conditions: (SQL | undefined)[] = [];
    const text = query.searchText?.trim();
    if (text) {
      conditions.push(or(like(users.username, text), like(users.name, text), like(users.email, text)));
    }
    if (query.statuses && query.statuses.length > 0) conditions.push(inArray(users.status, query.statuses));
    const where = and(...conditions);
    const docs = this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), users.username)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .all();
    const totalDocs =
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(users)
        .where(where)
        .get()?.n ?? 0;
    return {
      paginateResult: {
        docs: docs.map(toAdminUser),
        totalDocs,
        page: query.page,
        limit: query.limit,
        totalPages: Math.max(1, Math.ceil(totalDocs / query.limit)),
      },
    };
  }

  private user(id: string): UserRow {
    const user = this.users.findById(id);
    if (!user) throw userNotFound();
    return user;
  }

  private seatsLeft(): number {
    const limit = this.settings.get('security:userUpperLimit');
    return limit > 0 ? limit - this.users.countSeats() : Number.POSITIVE_INFINITY;
  }

  /** A free user id made from the address: the invited user chooses their own when completing. */
  private provisionalUsername(email: string): string {
    const base = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 40) || 'user';
    let candidate = base;
    while (this.users.findByUsername(candidate)) candidate = `${base}-${randomBytes(2).toString('hex')}`;
    if (!new RegExp(USERNAME_PATTERN).test(candidate)) throw new Error('provisional username invalid');
    return candidate;
  }

  /**
   * Creates an invited user (status 5) with a temporary password for each new address. Failures
   * carry an i18n key as reason (the route translates it). With `sendEmail` the route queues each
   * invitee a mail with the password (notifications/mail); the admin is shown it either way.
   */
  async invite(emails: string[], lang: UserRow['lang']): Promise<InviteResponse> {
    const result: InviteResponse = { createdUserList: [], existingEmailList: [], failedEmailList: [] };
    for (const raw of new Set(emails.map((e) => e.trim().toLowerCase()).filter((e) => e !== ''))) {
      if (!EMAIL.test(raw) || raw.length > 254) {
        result.failedEmailList.push({ email: raw, reason: 'accounts.invalid_email' });
      } else if (this.users.findByEmail(raw)) {
        result.existingEmailList.push(raw);
      } else if (this.seatsLeft() <= 0) {
        result.failedEmailList.push({ email: raw, reason: 'accounts.user_upper_limit' });
      } else {
        const password = temporaryPassword();
        const username = this.provisionalUsername(raw);
        const name = raw.split('@')[0] || username;
        const lng = lang === 'ja_JP' || lang === 'zh_CN' ? lang : 'en_US';
        const user = await this.users.create({
          username,
          name,
          email: raw,
          password,
          lang: lng,
          status: USER_STATUS.invited,
        });
        result.createdUserList.push({
          email: raw,
          password,
          user: { _id: user.id, username: user.username },
        });
      }
    }
    return result;
  }

  private set(id: string, values: Partial<UserRow>): UserRow {
    this.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .run();
    return this.user(id);
  }

  private assertNotSelf(actorId: string, id: string): void {
    if (actorId === id) throw badRequest('cannot_change_self', 'accounts.cannot_change_self');
  }

  setAdmin(actorId: string, id: string, admin: boolean): UserRow {
    this.user(id);
    if (!admin) this.assertNotSelf(actorId, id);
    return this.set(id, { admin });
  }

  setReadOnly(id: string, readOnly: boolean): UserRow {
    this.user(id);
    return this.set(id, { readOnly });
  }

  /** Approves a pending registration or reactivates a deactivated user (within the user limit). */
  activate(id: string): UserRow {
    return this.db.transaction(() => {
      const user = this.user(id);
      if (user.status === USER_STATUS.active) return user;
      if (user.status === USER_STATUS.invited) {
        throw badRequest('activation_failed', 'accounts.activation_failed');
      }
      if (this.seatsLeft() <= 0) throw new AppError(403, 'user_upper_limit', 'accounts.user_upper_limit');
      return this.set(id, { status: USER_STATUS.active });
    });
  }

  deactivate(actorId: string, id: string): UserRow {
    this.user(id);
    this.assertNotSelf(actorId, id);
    return this.set(id, { status: USER_STATUS.suspended });
  }

  /** A new temporary password for the user, shown to the admin once. */
  async resetPassword(id: string): Promise<{ user: UserRow; newPassword: string }> {
    const user = this.user(id);
    const newPassword = temporaryPassword();
    try {
      await this.users.setPassword(user.id, newPassword);
    } catch {
      throw new AppError(500, 'failed_to_reset_password', 'accounts.failed_to_reset_password');
    }
    return { user, newPassword };
  }

  remove(actorId: string, id: string): UserRow {
    const user = this.user(id);
    this.assertNotSelf(actorId, id);
    this.db.delete(users).where(eq(users.id, id)).run();
    return user;
  }
}

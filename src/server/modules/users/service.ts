// Users: creation, look-up and the personal profile. Account administration comes with its own issue.
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, USER_STATUS } from '../../db/schema';
import { conflict } from '../../lib/app-error';
import type { EventBus } from '../../lib/events';
import { newId } from '../../lib/ids';
import type { CurrentUser, Lang, UserSummary } from '../../../shared/api-types';
import type { UserStatus } from '../../../shared/account-types';
import { isLang } from '../../../shared/lang';
import { hashPassword, verifyPassword } from './password';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  username: string;
  name: string;
  email: string;
  password: string;
  lang: Lang;
  admin?: boolean;
}

export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    _id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    lang: isLang(user.lang) ? user.lang : 'en_US',
    admin: user.admin,
    status: user.status as UserStatus,
    // The read-only flag is stored with the rest of account administration (issue 4).
    readOnly: false,
  };
}

export function toUserSummary(user: Pick<UserRow, 'id' | 'username' | 'name'>): UserSummary {
  return { _id: user.id, username: user.username, name: user.name };
}

export class UsersService {
  // Runs on every signed-in request: prepared once.
  private readonly byId;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
  ) {
    this.byId = db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare();
  }

  count(): number {
    return (
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(users)
        .get()?.n ?? 0
    );
  }

  findById(id: string): UserRow | undefined {
    return this.byId.get({ id });
  }

  /** Refuses a taken username or e-mail with 409 and the matching SPEC §8 message. */
  private assertAvailable(username: string, email: string, exceptId?: string): void {
    const clash = this.db
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(or(eq(users.username, username), eq(users.email, email)))
      .all()
      .find((row) => row.id !== exceptId);
    if (!clash) return;
    if (clash.username === username) throw conflict('username_unavailable', 'errors.username_unavailable');
    throw conflict('email_registered', 'errors.email_registered');
  }

  /** `guard` runs in the inserting transaction, e.g. to refuse a second installer run. */
  async create(input: NewUser, guard?: () => void): Promise<UserRow> {
    const email = input.email.toLowerCase();
    this.assertAvailable(input.username, email);
    const passwordHash = await hashPassword(input.password);
    const now = new Date();
    const row: UserRow = {
      id: newId(),
      username: input.username,
      name: input.name,
      email,
      passwordHash,
      lang: input.lang,
      admin: input.admin ?? false,
      status: USER_STATUS.active,
      createdAt: now,
      updatedAt: now,
    };
    this.db.transaction((tx) => {
      guard?.();
      this.assertAvailable(input.username, email);
      tx.insert(users).values(row).run();
    });
    this.events.emit('user:created', { userId: row.id });
    return row;
  }

  /** Signs in by username or e-mail; only active users may sign in. */
  async authenticate(login: string, password: string): Promise<UserRow | null> {
    const user = this.db
      .select()
      .from(users)
      .where(or(eq(users.username, login), eq(users.email, login.toLowerCase())))
      .get();
    // An unknown login still costs one scrypt, so timing does not tell which usernames exist.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await this.dummyHash()));
    if (!user || !ok || user.status !== USER_STATUS.active) return null;
    return user;
  }

  private dummy: Promise<string> | null = null;
  private dummyHash(): Promise<string> {
    this.dummy ??= hashPassword('quire-timing-equalizer');
    return this.dummy;
  }

  updateProfile(id: string, profile: { name: string; email: string; lang: Lang }): UserRow {
    const email = profile.email.toLowerCase();
    this.assertAvailable(this.findById(id)?.username ?? '', email, id);
    this.db
      .update(users)
      .set({ name: profile.name, email, lang: profile.lang, updatedAt: new Date() })
      .where(eq(users.id, id))
      .run();
    const updated = this.findById(id);
    if (!updated) throw new Error(`user ${id} vanished during update`);
    return updated;
  }
}

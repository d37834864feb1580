// Users: creation, look-up, sign-in, the personal profile, password and API token. Account
// administration (invite, approve, admin rights) is in admin-service.ts, registration in
// registration-service.ts.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, USER_STATUS } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/app-error';
import type { EventBus } from '../../lib/events';
import { newId } from '../../lib/ids';
import { RowMemo } from '../../db/row-watch';
import type { CurrentUser, Lang, UserSummary } from '../../../shared/api-types';
import type { UserStatus } from '../../../shared/account-types';
import { isLang } from '../../../shared/lang';
import { hashPassword, needsRehash, verifyPassword } from './password';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  username: string;
  name: string;
  email: string;
  /** null: an account that signs in only through a directory or provider (issue 13). */
  password: string | null;
  lang: Lang;
  admin?: boolean;
  status?: UserStatus;
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
    readOnly: user.readOnly,
    imageUrlCached: imageUrlOf(user),
    isGravatarEnabled: user.isGravatarEnabled,
  };
}

export const DEFAULT_AVATAR = '/images/icons/user.svg';

/**
 * GROWI's `imageUrlCached`: the Gravatar of the e-mail address when chosen, else the uploaded
 * image, else the default picture (SPEC §2). Worked out on each read, so nothing goes stale.
 */
export function imageUrlOf(user: Pick<UserRow, 'email' | 'imageAttachmentId' | 'isGravatarEnabled'>): string {
  if (user.isGravatarEnabled)
    return `https://www.gravatar.com/avatar/${createHash('md5').update(user.email.trim().toLowerCase()).digest('hex')}`;
  return user.imageAttachmentId ? `/attachment/${user.imageAttachmentId}` : DEFAULT_AVATAR;
}

export function toUserSummary(user: Pick<UserRow, 'id' | 'username' | 'name'>): UserSummary {
  return { _id: user.id, username: user.username, name: user.name };
}

/** Statuses that may sign in: active users, and invited users (to complete their profile). */
const CAN_SIGN_IN: number[] = [USER_STATUS.active, USER_STATUS.invited];

export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class UsersService {
  // Runs on every signed-in request: prepared once.
  private readonly byId;
  /** Users by id until their row changes (db/row-watch.ts): asked on every signed-in request. */
  private readonly memo: RowMemo<UserRow>;
  /** For the account services that change user rows in their own transactions. */
  readonly database: Db;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    /** Issue 15: whether a new user shows their e-mail address (the admin's default). */
    private readonly emailPublishedByDefault: () => boolean = () => true,
  ) {
    this.database = db;
    this.byId = db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare();
    this.memo = new RowMemo(db.$client, [{ table: 'users', events: ['UPDATE', 'DELETE'], key: 'id' }]);
  }

  count(): number {
    return (
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(users)
        .get()?.n ?? 0
    );
  }

  /** Users who hold or will hold a seat: active and invited (the user upper limit counts these). */
  countSeats(): number {
    return (
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(users)
        .where(inArray(users.status, [USER_STATUS.active, USER_STATUS.invited]))
        .get()?.n ?? 0
    );
  }

  /** Removes a user made a moment ago that nothing refers to yet (a first sign-in that lost a race). */
  discardNew(id: string): void {
    this.db.delete(users).where(eq(users.id, id)).run();
  }

  /** Whether an active administrator can sign in with a password of their own. */
  hasActiveAdminWithPassword(): boolean {
    const found = this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.admin, true), eq(users.status, USER_STATUS.active), isNotNull(users.passwordHash)))
      .get();
    return found !== undefined;
  }

  findById(id: string): UserRow | undefined {
    return this.memo.get(id, () => this.byId.get({ id }));
  }

  findByUsername(username: string): UserRow | undefined {
    return this.db.select().from(users).where(eq(users.username, username)).get();
  }

  findByEmail(email: string): UserRow | undefined {
    return this.db.select().from(users).where(eq(users.email, email.toLowerCase())).get();
  }

  /** Refuses a taken username or e-mail with 409 and the matching SPEC §8 message. */
  assertAvailable(username: string, email: string, exceptId?: string): void {
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
    const passwordHash = input.password === null ? null : await hashPassword(input.password);
    const now = new Date();
    const row: UserRow = {
      id: newId(),
      username: input.username,
      name: input.name,
      email,
      passwordHash,
      lang: input.lang,
      admin: input.admin ?? false,
      status: input.status ?? USER_STATUS.active,
      readOnly: false,
      isEmailPublished: this.emailPublishedByDefault(),
      apiTokenHash: null,
      apiTokenCreatedAt: null,
      lastLoginAt: null,
      imageAttachmentId: null,
      isGravatarEnabled: false,
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

  /**
   * Signs in by username or e-mail: the user, or null for a wrong login or password. A right
   * password on an account that may not sign in (awaiting approval, deactivated) is 403 "Unable to
   * use this user" (SPEC §8): only someone who knows the password learns the account's state.
   */
  async authenticate(login: string, password: string): Promise<UserRow | null> {
    const user = this.db
      .select()
      .from(users)
      .where(or(eq(users.username, login), eq(users.email, login.toLowerCase())))
      .get();
    // An unknown login still costs one scrypt, so timing does not tell which usernames exist.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await this.dummyHash()));
    if (!user || !ok) return null;
    if (!CAN_SIGN_IN.includes(user.status)) {
      throw new AppError(403, 'user_not_active', 'accounts.user_not_active');
    }
    // A GROWI password hash (imported archive) is replaced by Quire's scheme at its first use.
    if (needsRehash(user.passwordHash)) {
      const passwordHash = await hashPassword(password);
      this.db.update(users).set({ passwordHash }).where(eq(users.id, user.id)).run();
    }
    return user;
  }

  /** The time of a sign-in, by whatever means (admins see it; the sharing screen lists it). */
  markSignedIn(userId: string): void {
    this.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId)).run();
  }

  private dummy: Promise<string> | null = null;
  private dummyHash(): Promise<string> {
    this.dummy ??= hashPassword('quire-timing-equalizer');
    return this.dummy;
  }

  private reload(id: string): UserRow {
    const updated = this.findById(id);
    if (!updated) throw new Error(`user ${id} vanished during update`);
    return updated;
  }

  updateProfile(
    id: string,
    profile: { name: string; email: string; lang: Lang; isEmailPublished?: boolean },
  ): UserRow {
    const email = profile.email.toLowerCase();
    this.assertAvailable(this.findById(id)?.username ?? '', email, id);
    this.db
      .update(users)
      .set({
        name: profile.name,
        email,
        lang: profile.lang,
        ...(profile.isEmailPublished === undefined ? {} : { isEmailPublished: profile.isEmailPublished }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .run();
    return this.reload(id);
  }

  /** Changes the password after checking the current one (400 `wrong_password` otherwise). */
  async changePassword(
    id: string,
    input: { oldPassword: string; newPassword: string; newPasswordConfirm: string },
  ) {
    if (input.newPassword !== input.newPasswordConfirm) {
      throw badRequest('password_mismatch', 'accounts.password_mismatch');
    }
    const user = this.reload(id);
    if (!(await verifyPassword(input.oldPassword, user.passwordHash))) {
      throw badRequest('wrong_password', 'accounts.wrong_password');
    }
    await this.setPassword(id, input.newPassword);
  }

  async setPassword(id: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    this.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id)).run();
  }

  /** A new API token (replacing any older one); only its sha256 is stored, the token is shown once. */
  generateApiToken(id: string): { apiToken: string; apiTokenCreatedAt: string } {
    const apiToken = randomBytes(32).toString('base64url');
    const now = new Date();
    this.db
      .update(users)
      .set({ apiTokenHash: hashApiToken(apiToken), apiTokenCreatedAt: now })
      .where(eq(users.id, id))
      .run();
    return { apiToken, apiTokenCreatedAt: now.toISOString() };
  }

  revokeApiToken(id: string): void {
    this.db.update(users).set({ apiTokenHash: null, apiTokenCreatedAt: null }).where(eq(users.id, id)).run();
  }

  /** The active user holding this API token, or undefined. */
  /** GROWI's image type: Gravatar or the uploaded image (or the default picture). */
  setGravatar(id: string, isGravatarEnabled: boolean): UserRow {
    this.db.update(users).set({ isGravatarEnabled, updatedAt: new Date() }).where(eq(users.id, id)).run();
    return this.findById(id)!;
  }

  /** Sets (or with null clears) the uploaded profile image; answers the image it replaced. */
  setProfileImage(id: string, attachmentId: string | null): string | null {
    const before = this.findById(id)?.imageAttachmentId ?? null;
    this.db
      .update(users)
      .set({ imageAttachmentId: attachmentId, updatedAt: new Date() })
      .where(eq(users.id, id))
      .run();
    return before;
  }

  findByApiToken(token: string): UserRow | undefined {
    return this.db
      .select()
      .from(users)
      .where(and(eq(users.apiTokenHash, hashApiToken(token)), eq(users.status, USER_STATUS.active)))
      .get();
  }
}

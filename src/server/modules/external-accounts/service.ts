// External accounts: the one place where an identity from a directory or provider becomes a Quire
// user (GROWI's getOrCreateUser, research A.2 "Linking algorithm", with its bugs fixed), and where
// links are listed, made and removed.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { externalAccounts, USER_STATUS } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { UsersService, UserRow } from '../users/service';
import type { SettingsService } from '../settings/service';
import { USERS } from '../users/scopes';

export type ExternalAccountRow = typeof externalAccounts.$inferSelect;
export type ProviderType = 'ldap' | 'oidc' | 'saml' | 'google' | 'github';

/** What a provider tells about the person who signed in. */
export interface ExternalIdentity {
  providerType: ProviderType;
  /** Unique within the provider (for LDAP: the typed login name, as GROWI does). */
  accountId: string;
  username: string;
  name: string;
  email: string;
}

export interface LinkingRules {
  sameUsername: boolean;
  sameEmail: boolean;
}

const USERNAME_RE = /^[A-Za-z0-9._-]{1,64}$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+$/;
export const EXTERNAL_ACCOUNTS_PAGE_SIZE = 50;

export class ExternalAccountsService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly settings: SettingsService,
  ) {}

  find(providerType: string, accountId: string): ExternalAccountRow | undefined {
    return this.db
      .select()
      .from(externalAccounts)
      .where(and(eq(externalAccounts.providerType, providerType), eq(externalAccounts.accountId, accountId)))
      .get();
  }

  listOf(userId: string): ExternalAccountRow[] {
    return this.db
      .select()
      .from(externalAccounts)
      .where(eq(externalAccounts.userId, userId))
      .orderBy(asc(externalAccounts.createdAt), sql`${externalAccounts}.rowid`)
      .all();
  }

  /** Whether an active administrator is linked to one of these providers (a way in that stays). */
  hasActiveAdminLinkedTo(providers: string[]): boolean {
    const linked = this.db
      .select({ id: USERS.id })
      .from(USERS)
      .innerJoin(externalAccounts, eq(externalAccounts.userId, USERS.id))
      .where(
        and(
          eq(USERS.admin, true),
          eq(USERS.status, USER_STATUS.active),
          inArray(externalAccounts.providerType, providers),
        ),
      )
      .get();
    return linked !== undefined;
  }

  /** A page of every link with its user, sorted as GROWI does (account id, then creation). */
  page(page: number): { rows: { account: ExternalAccountRow; user: UserRow }[]; total: number } {
    const total = this.db.select({ n: count() }).from(externalAccounts).get()?.n ?? 0;
    const rows = this.db
      .select({ account: externalAccounts, user: USERS })
      .from(externalAccounts)
      .innerJoin(USERS, eq(USERS.id, externalAccounts.userId))
      .orderBy(asc(externalAccounts.accountId), asc(externalAccounts.createdAt))
      .limit(EXTERNAL_ACCOUNTS_PAGE_SIZE)
      .offset((page - 1) * EXTERNAL_ACCOUNTS_PAGE_SIZE)
      .all();
    return { rows, total };
  }

  remove(id: string): ExternalAccountRow {
    const row = this.db.select().from(externalAccounts).where(eq(externalAccounts.id, id)).get();
    if (!row) throw new AppError(404, 'extenral-account-delete-failed', 'external_accounts.not_found');
    this.db.delete(externalAccounts).where(eq(externalAccounts.id, id)).run();
    return row;
  }

  /** Links an identity to a user; 409 when that provider account already belongs to someone. */
  link(providerType: ProviderType, accountId: string, userId: string): ExternalAccountRow {
    const row: ExternalAccountRow = { id: newId(), userId, providerType, accountId, createdAt: new Date() };
    this.db.transaction((tx) => {
      if (this.find(providerType, accountId)) {
        throw conflict('external_account_taken', 'external_accounts.already_linked');
      }
      tx.insert(externalAccounts).values(row).run();
    });
    return row;
  }

  /**
   * `/me`: links a directory account to the user who just proved its password. Refused when it
   * belongs to another Quire user: linked to them already, or theirs by name (the directory's
   * username is that user's), so nobody takes over the account a colleague signs in with.
   */
  linkOwn(providerType: ProviderType, accountId: string, user: UserRow, directoryUsername: string) {
    const named = directoryUsername ? this.users.findByUsername(directoryUsername) : undefined;
    if (named && named.id !== user.id) {
      throw conflict('external_account_taken', 'external_accounts.already_linked');
    }
    return this.link(providerType, accountId, user.id);
  }

  /**
   * Unlinks one of the user's own accounts, unless it would leave them no way to sign in: without
   * a password, the last external account stays (GROWI's disassociate rule).
   */
  unlinkOwn(user: UserRow, providerType: string, accountId: string): void {
    const own = this.listOf(user.id);
    const target = own.find((a) => a.providerType === providerType && a.accountId === accountId);
    if (!target) throw new AppError(404, 'external_account_not_found', 'external_accounts.not_found');
    if (!user.passwordHash && own.length <= 1) {
      throw badRequest('last_sign_in_method', 'external_accounts.last_sign_in_method');
    }
    this.db.delete(externalAccounts).where(eq(externalAccounts.id, target.id)).run();
  }

  /**
   * The user this identity signs in as: an existing link always wins; otherwise a user with the same
   * username / e-mail is linked only when the admin's switches say so (else GROWI's duplicated-username
   * refusal), and a new active user is created when nobody matches, whatever the registration mode.
   */
  async getOrCreateUser(identity: ExternalIdentity, rules: LinkingRules): Promise<UserRow> {
    const linked = this.find(identity.providerType, identity.accountId);
    if (linked) return this.users.findById(linked.userId) ?? this.refuse();
    if (!USERNAME_RE.test(identity.username)) {
      throw badRequest('username_should_not_be_null', 'external_accounts.invalid_username');
    }
    const email = EMAIL_RE.test(identity.email) ? identity.email.toLowerCase() : '';
    const byUsername = this.users.findByUsername(identity.username);
    const byEmail = email ? this.users.findByEmail(email) : undefined;
    const candidate =
      (rules.sameUsername ? byUsername : undefined) ?? (rules.sameEmail ? byEmail : undefined);
    if (candidate) {
      this.link(identity.providerType, identity.accountId, candidate.id);
      return candidate;
    }
    // GROWI looks the username up even when no switch is on: a clash is refused, never merged.
    if (byUsername) {
      throw new AppError(
        409,
        'provider-duplicated-username-exception',
        'external_accounts.duplicated_username',
        { failedProviderForDuplicatedUsernameException: identity.providerType },
        { failedProviderForDuplicatedUsernameException: identity.providerType },
      );
    }
    return this.createLinkedUser(identity, email && !byEmail ? email : '');
  }

  private async createLinkedUser(identity: ExternalIdentity, email: string): Promise<UserRow> {
    if (this.settings.get('security:userUpperLimit') > 0) {
      if (this.users.countSeats() >= this.settings.get('security:userUpperLimit')) {
        throw new AppError(403, 'user_upper_limit', 'accounts.user_upper_limit');
      }
    }
    const user = await this.users.create({
      username: identity.username,
      name: identity.name.trim() || identity.username,
      // No usable or free e-mail from the provider: a unique address that can never receive mail.
      email: email || `${identity.username}.${newId()}@${identity.providerType}.invalid`,
      password: null,
      lang: 'en_US',
      status: USER_STATUS.active,
    });
    try {
      this.link(identity.providerType, identity.accountId, user.id);
    } catch (err) {
      // A concurrent first sign-in linked this account first: leave no orphan user behind.
      this.users.discardNew(user.id);
      throw err;
    }
    return user;
  }

  private refuse(): never {
    throw new AppError(401, 'sign_in_failure', 'errors.sign_in_failure');
  }
}

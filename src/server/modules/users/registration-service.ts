// Registration (SPEC §4 registration modes, §5 rules, §8 messages) and the completion of an
// invitation. Open: the new user is active at once. Restricted: the user waits (status
// registered) until an admin approves. Closed: only invitations create users.
import { eq } from 'drizzle-orm';
import { users, USER_STATUS } from '../../db/schema';
import { AppError, badRequest, forbidden } from '../../lib/app-error';
import type { Lang } from '../../../shared/api-types';
import type { SettingsService } from '../settings/service';
import { hashPassword } from './password';
import type { UserRow, UsersService } from './service';

export const userUpperLimitReached = () => forbidden('user_upper_limit', 'accounts.user_upper_limit');

/** `@example.com`-style entries: does the address end with one of them? Empty allows all. */
export function isEmailAllowed(email: string, whitelist: string[]): boolean {
  const domains = whitelist.map((d) => d.trim().toLowerCase()).filter((d) => d.startsWith('@'));
  if (domains.length === 0) return true;
  const lower = email.toLowerCase();
  return domains.some((domain) => lower.endsWith(domain));
}

export class RegistrationService {
  constructor(
    private readonly users: UsersService,
    private readonly settings: SettingsService,
  ) {}

  /** 403 "maximum number of users reached" when adding one more seat would pass the limit. */
  assertSeatAvailable(): void {
    const limit = this.settings.get('security:userUpperLimit');
    if (limit > 0 && this.users.countSeats() >= limit) throw userUpperLimitReached();
  }

  assertEmailAllowed(email: string): void {
    if (!isEmailAllowed(email, this.settings.get('security:registrationWhitelist'))) {
      throw badRequest('email_not_allowed', 'accounts.email_not_allowed');
    }
  }

  async register(input: {
    name: string;
    username: string;
    email: string;
    password: string;
    lang: Lang;
  }): Promise<UserRow> {
    const mode = this.settings.get('security:registrationMode');
    if (mode === 'Closed') throw forbidden('registration_closed', 'accounts.registration_closed');
    this.assertEmailAllowed(input.email);
    this.assertSeatAvailable();
    const status = mode === 'Open' ? USER_STATUS.active : USER_STATUS.registered;
    try {
      return await this.users.create({ ...input, status }, () => this.assertSeatAvailable());
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError(500, 'registration_failed', 'accounts.registration_failed');
    }
  }

  /** An invited user (status 5) chooses a user id, name and password and becomes active. */
  async completeInvitation(
    user: UserRow,
    input: { username: string; name: string; password: string },
  ): Promise<UserRow> {
    if (user.status !== USER_STATUS.invited) throw badRequest('not_invited', 'accounts.not_invited');
    this.users.assertAvailable(input.username, user.email, user.id);
    const passwordHash = await hashPassword(input.password);
    const db = this.users.database;
    db.transaction((tx) => {
      this.users.assertAvailable(input.username, user.email, user.id);
      tx.update(users)
        .set({
          username: input.username,
          name: input.name,
          passwordHash,
          status: USER_STATUS.active,
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id))
        .run();
    });
    const updated = this.users.findById(user.id);
    if (!updated) throw new AppError(500, 'activation_failed', 'accounts.activation_failed');
    return updated;
  }
}

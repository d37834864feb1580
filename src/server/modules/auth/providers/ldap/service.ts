// LDAP as a way into Quire: sign-in (after local), the admin's test form, and linking an LDAP
// account from /me. The directory conversation itself is in strategies/ldap.ts.
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../../lib/app-error';
import type { ExternalAccountsService } from '../../../external-accounts/service';
import type { SettingsService } from '../../../settings/service';
import type { UserRow } from '../../../users/service';
import {
  attr,
  describeLdapServer,
  isLdapSetUp,
  ldapAuthenticate,
  ldapConfigFrom,
  type LdapEntry,
  type LdapOutcome,
} from './strategy';

export interface TestLdapAnswer {
  ok: true;
  status: 'success' | 'warning';
  /** An i18n key of server.json, or the directory's own refusal text. */
  messageKey: string;
  err?: { message: string; code?: string };
  ldapConfiguration?: { server: ReturnType<typeof describeLdapServer> };
  ldapAccountInfo?: Record<string, unknown>;
}

const FAIL_KEYS: Record<string, string> = {
  'Invalid username/password': 'ldap.invalid_credentials',
  'Missing credentials': 'ldap.missing_credentials',
  'Bad search base': 'ldap.bad_search_base',
  'serverUrl is invalid': 'ldap.server_url_invalid',
};

export const ldapServerError = () => new AppError(503, 'ldap_server_error', 'ldap.server_error');

/** A signed-in directory user is a member of a designated group, when groups are configured. */
const inGroups = (outcome: LdapOutcome & { kind: 'success' }) =>
  outcome.groups === undefined || outcome.groups.length > 0;

export class LdapSignInService {
  constructor(
    private readonly settings: SettingsService,
    private readonly accounts: ExternalAccountsService,
  ) {}

  isSetUp(): boolean {
    return isLdapSetUp(this.settings);
  }

  /** Checks a directory password; throws on a server error, refuses non-members of the groups. */
  private async verify(
    username: string,
    password: string,
    log?: FastifyBaseLogger,
  ): Promise<LdapEntry | null> {
    const outcome = await ldapAuthenticate(ldapConfigFrom(this.settings), username, password);
    if (outcome.kind === 'error') {
      // The error text and code only: the configuration (with its password) never reaches the log.
      log?.warn({ ldapError: outcome.error.message }, 'LDAP server error at sign-in');
      throw ldapServerError();
    }
    if (outcome.kind === 'fail') return null;
    if (!inGroups(outcome)) throw new AppError(403, 'ldap_user_not_valid', 'ldap.user_not_valid');
    return outcome.entry;
  }

  /** The user for these directory credentials, or null for wrong ones (GROWI's loginWithLdap). */
  async signIn(username: string, password: string, log?: FastifyBaseLogger): Promise<UserRow | null> {
    if (!this.isSetUp()) return null;
    const entry = await this.verify(username, password, log);
    if (!entry) return null;
    const config = ldapConfigFrom(this.settings);
    return this.accounts.getOrCreateUser(
      {
        providerType: 'ldap',
        accountId: username,
        username: attr(entry, config.attrMapUsername || 'uid'),
        name: config.attrMapName ? attr(entry, config.attrMapName) : '',
        email: attr(entry, config.attrMapMail || 'mail'),
      },
      { sameUsername: config.isSameUsernameTreatedAsIdenticalUser, sameEmail: false },
    );
  }

  /** `/me`: links the directory account whose password the user just proved to know. */
  async associate(user: UserRow, username: string, password: string, log?: FastifyBaseLogger) {
    if (!this.isSetUp()) throw new AppError(400, 'strategy_not_set_up', 'ldap.not_set_up');
    const entry = await this.verify(username, password, log);
    if (!entry) throw new AppError(400, 'ldap_credentials_wrong', 'ldap.invalid_credentials');
    const config = ldapConfigFrom(this.settings);
    return this.accounts.linkOwn('ldap', username, user, attr(entry, config.attrMapUsername || 'uid'));
  }

  /** The admin test form against the saved configuration: always an answer, never an exception. */
  async test(username: string, password: string): Promise<TestLdapAnswer> {
    if (!this.isSetUp()) return { ok: true, status: 'warning', messageKey: 'ldap.not_set_up' };
    const config = ldapConfigFrom(this.settings);
    const ldapConfiguration = { server: describeLdapServer(config, username) };
    const outcome = await ldapAuthenticate(config, username, password);
    if (outcome.kind === 'error') {
      const code = (outcome.error as { code?: unknown }).code;
      return {
        ok: true,
        status: 'warning',
        messageKey: 'ldap.server_error',
        err: { message: outcome.error.message, ...(typeof code === 'string' ? { code } : {}) },
        ldapConfiguration,
      };
    }
    if (outcome.kind === 'fail') {
      return {
        ok: true,
        status: 'warning',
        messageKey: FAIL_KEYS[outcome.message] ?? 'ldap.invalid_credentials',
        ldapConfiguration,
      };
    }
    const ldapAccountInfo = {
      ...outcome.entry,
      ...(outcome.groups ? { _groups: outcome.groups } : {}),
    };
    if (!inGroups(outcome)) {
      return {
        ok: true,
        status: 'warning',
        messageKey: 'ldap.not_in_groups',
        ldapConfiguration,
        ldapAccountInfo,
      };
    }
    return { ok: true, status: 'success', messageKey: 'ldap.success', ldapConfiguration, ldapAccountInfo };
  }
}

// GitHub as a way into Quire: set up when enabled with a client id and secret; a finished sign-in
// becomes a user through external accounts (GROWI's GitHub rules: provider id as account id).
import { AppError } from '../../lib/app-error';
import type { ExternalAccountsService } from '../external-accounts/service';
import type { SettingsService } from '../settings/service';
import type { UserRow } from '../users/service';
import {
  finishGithub,
  githubSettingsFrom,
  isGithubConfigured,
  startGithub,
  type OAuthPending,
} from './strategies/github';

const notSetUp = () => new AppError(400, 'strategy_has_not_been_set_up', 'external_sign_in.not_set_up');

export class GithubSignInService {
  constructor(
    private readonly settings: SettingsService,
    private readonly accounts: ExternalAccountsService,
  ) {}

  isEnabled(): boolean {
    return this.settings.get('security:passport-github:isEnabled');
  }

  isSetUp(): boolean {
    return this.isEnabled() && isGithubConfigured(githubSettingsFrom(this.settings));
  }

  async begin(redirectUri: string) {
    if (!this.isSetUp()) throw notSetUp();
    return startGithub(githubSettingsFrom(this.settings), redirectUri);
  }

  async complete(callbackUrl: URL, pending: OAuthPending): Promise<UserRow> {
    if (!this.isSetUp()) throw notSetUp();
    let profile;
    try {
      profile = await finishGithub(githubSettingsFrom(this.settings), callbackUrl, pending);
    } catch {
      throw new AppError(401, 'sign_in_failure', 'errors.sign_in_failure');
    }
    if (!profile.id) throw new AppError(401, 'sign_in_failure', 'errors.sign_in_failure');
    return this.accounts.getOrCreateUser(
      { providerType: 'github', accountId: profile.id, ...profile },
      {
        sameUsername: this.settings.get('security:passport-github:isSameUsernameTreatedAsIdenticalUser'),
        sameEmail: this.settings.get('security:passport-github:isSameEmailTreatedAsIdenticalUser'),
      },
    );
  }
}

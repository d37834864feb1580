// A plain OAuth 2 provider (GitHub, Google) as a way into Quire: set up when enabled with a client
// id and secret under `security:passport-<id>:`; a finished sign-in becomes a user through external
// accounts with that provider's linking switches (the provider's user id as account id).
import { AppError } from '../../../../lib/app-error';
import type { ExternalAccountsService, ExternalIdentity } from '../../../external-accounts/service';
import type { SettingsService } from '../../../settings/service';
import type { UserRow } from '../../../users/service';
import { finishOAuth2, startOAuth2, type OAuth2Endpoints, type OAuthPending } from './strategy';

export interface OAuth2Provider {
  id: 'github' | 'google';
  endpoints(settings: SettingsService): OAuth2Endpoints;
  /** The provider's user object as Quire's identity fields. */
  profile(
    user: Record<string, unknown>,
  ): Pick<ExternalIdentity, 'username' | 'name' | 'email'> & { id: string };
}

const notSetUp = () => new AppError(400, 'strategy_has_not_been_set_up', 'external_sign_in.not_set_up');
const failure = () => new AppError(401, 'sign_in_failure', 'errors.sign_in_failure');

export class OAuth2SignInService {
  constructor(
    private readonly settings: SettingsService,
    private readonly accounts: ExternalAccountsService,
    readonly provider: OAuth2Provider,
  ) {}

  private get prefix() {
    return `security:passport-${this.provider.id}:` as const;
  }

  private client() {
    return {
      clientId: this.settings.get(`${this.prefix}clientId`),
      clientSecret: this.settings.get(`${this.prefix}clientSecret`),
    };
  }

  isEnabled(): boolean {
    return this.settings.get(`${this.prefix}isEnabled`);
  }

  isSetUp(): boolean {
    const { clientId, clientSecret } = this.client();
    return this.isEnabled() && clientId !== '' && clientSecret !== '';
  }

  async begin(redirectUri: string) {
    if (!this.isSetUp()) throw notSetUp();
    return startOAuth2(this.provider.endpoints(this.settings), this.client(), redirectUri);
  }

  async complete(callbackUrl: URL, pending: OAuthPending): Promise<UserRow> {
    if (!this.isSetUp()) throw notSetUp();
    let profile;
    try {
      const user = await finishOAuth2(
        this.provider.endpoints(this.settings),
        this.client(),
        callbackUrl,
        pending,
      );
      profile = this.provider.profile(user);
    } catch {
      throw failure();
    }
    if (!profile.id) throw failure();
    return this.accounts.getOrCreateUser(
      { providerType: this.provider.id, accountId: profile.id, ...profile },
      {
        sameUsername: this.settings.get(`${this.prefix}isSameUsernameTreatedAsIdenticalUser`),
        sameEmail: this.settings.get(`${this.prefix}isSameEmailTreatedAsIdenticalUser`),
      },
    );
  }
}

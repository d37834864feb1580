// OpenID Connect as a way into Quire: keeps the discovered provider (set up / not set up, with the
// reason for the admin), starts a sign-in and finishes it into a user through external accounts.
import type { Configuration } from 'openid-client';
import { AppError } from '../../../../lib/app-error';
import type { ExternalAccountsService } from '../../../external-accounts/service';
import type { SettingsService } from '../../../settings/service';
import type { UserRow } from '../../../users/service';
import { finishOidc, oidcSettingsFrom, setUpOidc, startOidc, type OidcPending } from './strategy';

export class OidcSignInService {
  private config: Configuration | null = null;
  private failure: string | null = null;
  /** Bumped by every set-up, so a slow discovery never overwrites a newer one. */
  private generation = 0;

  constructor(
    private readonly settings: SettingsService,
    private readonly accounts: ExternalAccountsService,
  ) {}

  isEnabled(): boolean {
    return this.settings.get('security:passport-oidc:isEnabled');
  }

  isSetUp(): boolean {
    return this.isEnabled() && this.config !== null;
  }

  /** Why the last set-up failed (shown to admins), or null. */
  get setupError(): string | null {
    return this.isEnabled() ? this.failure : null;
  }

  /** (Re)discovers the provider from the saved settings; a failure leaves OIDC "not set up". */
  async setUp(): Promise<boolean> {
    const generation = ++this.generation;
    this.config = null;
    this.failure = null;
    if (!this.isEnabled()) return false;
    try {
      const config = await setUpOidc(oidcSettingsFrom(this.settings));
      if (generation === this.generation) this.config = config;
    } catch (err) {
      if (generation === this.generation) this.failure = err instanceof Error ? err.message : String(err);
    }
    return this.config !== null;
  }

  private async ready(): Promise<Configuration> {
    if (!this.isEnabled())
      throw new AppError(400, 'strategy_has_not_been_set_up', 'external_sign_in.not_set_up');
    if (!this.config) await this.setUp();
    if (!this.config) throw new AppError(400, 'strategy_has_not_been_set_up', 'external_sign_in.not_set_up');
    return this.config;
  }

  async begin(redirectUri: string): Promise<{ url: URL; pending: OidcPending }> {
    return startOidc(await this.ready(), redirectUri);
  }

  /** Finishes a sign-in; any provider failure (bad state, replayed code) is a sign-in failure. */
  async complete(callbackUrl: URL, pending: OidcPending): Promise<UserRow> {
    const config = await this.ready();
    const s = oidcSettingsFrom(this.settings);
    let claims;
    try {
      claims = await finishOidc(config, s, callbackUrl, pending);
    } catch {
      throw new AppError(401, 'sign_in_failure', 'errors.sign_in_failure');
    }
    if (!claims.id) throw new AppError(401, 'sign_in_failure', 'errors.sign_in_failure');
    return this.accounts.getOrCreateUser(
      { providerType: 'oidc', accountId: claims.id, ...claims },
      {
        sameUsername: this.settings.get('security:passport-oidc:isSameUsernameTreatedAsIdenticalUser'),
        sameEmail: this.settings.get('security:passport-oidc:isSameEmailTreatedAsIdenticalUser'),
      },
    );
  }
}

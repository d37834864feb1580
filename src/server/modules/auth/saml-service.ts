// SAML 2 as a way into Quire: set up while enabled with every mandatory setting; starts a sign-in
// at the IdP and turns its signed answer into a user through external accounts, after the
// attribute-based login rule (when one is set) allows it.
import type { SAML } from '@node-saml/node-saml';
import { AppError } from '../../lib/app-error';
import type { ExternalAccountsService } from '../external-accounts/service';
import type { SettingsService } from '../settings/service';
import type { UserRow } from '../users/service';
import { parseRule, ruleAllows } from './strategies/ablc';
import { attributesOf, identityOf, missingSamlKeys, samlClient, samlSettingsFrom } from './strategies/saml';

const signInFailure = () => new AppError(401, 'sign_in_failure', 'errors.sign_in_failure');

export class SamlSignInService {
  /** One client per settings and callback URL: it remembers the ids of the requests it sent. */
  private client: { signature: string; saml: Promise<SAML> } | null = null;

  constructor(
    private readonly settings: SettingsService,
    private readonly accounts: ExternalAccountsService,
  ) {}

  isEnabled(): boolean {
    return this.settings.get('security:passport-saml:isEnabled');
  }

  missingKeys(): string[] {
    return missingSamlKeys(samlSettingsFrom(this.settings));
  }

  isSetUp(): boolean {
    return this.isEnabled() && this.missingKeys().length === 0;
  }

  private saml(callbackUrl: string): Promise<SAML> {
    if (!this.isSetUp())
      throw new AppError(400, 'strategy_has_not_been_set_up', 'external_sign_in.not_set_up');
    const s = samlSettingsFrom(this.settings);
    const signature = JSON.stringify([s, callbackUrl]);
    if (this.client?.signature !== signature) this.client = { signature, saml: samlClient(s, callbackUrl) };
    return this.client.saml;
  }

  /** The IdP's address with this server's AuthnRequest. */
  async begin(callbackUrl: string): Promise<string> {
    return (await this.saml(callbackUrl)).getAuthorizeUrlAsync('', undefined, {});
  }

  /** Checks the posted answer (signature, audience, time, our request) and signs its person in. */
  async complete(callbackUrl: string, samlResponse: string): Promise<UserRow> {
    const saml = await this.saml(callbackUrl);
    let profile;
    try {
      ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch {
      throw signInFailure();
    }
    if (!profile) throw signInFailure();
    const s = samlSettingsFrom(this.settings);
    if (s.ablcRule.trim() && !ruleAllows(parseRule(s.ablcRule), attributesOf(profile))) {
      throw new AppError(403, 'insufficient_privileges', 'external_sign_in.insufficient_privileges');
    }
    const identity = identityOf(profile, s);
    if (!identity.id) throw signInFailure();
    return this.accounts.getOrCreateUser(
      { providerType: 'saml', accountId: identity.id, ...identity },
      {
        sameUsername: this.settings.get('security:passport-saml:isSameUsernameTreatedAsIdenticalUser'),
        sameEmail: this.settings.get('security:passport-saml:isSameEmailTreatedAsIdenticalUser'),
      },
    );
  }
}

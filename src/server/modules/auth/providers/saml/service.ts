// SAML 2 as a way into Quire: set up while enabled with every mandatory setting; starts a sign-in
// at the IdP and turns its signed answer into a user through external accounts, after the
// attribute-based login rule (when one is set) allows it.
//
// Login CSRF (issue 27): a signed answer is proof of who signed in at the IdP, not of which
// browser asked. The IdP's page posts it cross-site, so no SameSite=Lax cookie comes with it; the
// answer is checked there and kept under a one-time ticket, and the browser is sent on (a top-level
// GET, which carries its session) to finish. Only the browser whose session started the request
// the answer is for may finish it; any other is refused.
import { randomBytes } from 'node:crypto';
import type { Profile, SAML } from '@node-saml/node-saml';
import { AppError } from '../../../../lib/app-error';
import type { ExternalAccountsService } from '../../../external-accounts/service';
import type { SettingsService } from '../../../settings/service';
import type { UserRow } from '../../../users/service';
import { parseRule, ruleAllows } from './ablc';
import {
  attributesOf,
  authnRequestIdOf,
  identityOf,
  missingSamlKeys,
  samlClient,
  samlSettingsFrom,
} from './strategy';

const signInFailure = () => new AppError(401, 'sign_in_failure', 'errors.sign_in_failure');

/** A checked answer waits this long for its browser to come and finish. */
const TICKET_MS = 2 * 60 * 1000;
/** Checked answers kept at once: more than a team signs in within two minutes. */
const MAX_TICKETS = 1000;

interface CheckedAnswer {
  requestId: string;
  profile: Profile;
  until: number;
}

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

  private readonly tickets = new Map<string, CheckedAnswer>();

  /** The IdP's address with this server's AuthnRequest, and that request's id (for the session). */
  async begin(callbackUrl: string): Promise<{ url: string; requestId: string }> {
    const url = await (await this.saml(callbackUrl)).getAuthorizeUrlAsync('', undefined, {});
    const requestId = authnRequestIdOf(url);
    if (!requestId) throw signInFailure();
    return { url, requestId };
  }

  /**
   * Checks the posted answer (signature, audience, time, a request of ours, each taken once) and
   * keeps it under a one-time ticket for `finish`.
   */
  async check(callbackUrl: string, samlResponse: string): Promise<string> {
    const saml = await this.saml(callbackUrl);
    let profile;
    try {
      ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch {
      throw signInFailure();
    }
    const requestId: unknown = profile?.inResponseTo;
    if (!profile || typeof requestId !== 'string' || requestId === '') throw signInFailure();
    const now = Date.now();
    for (const [ticket, answer] of this.tickets) if (answer.until <= now) this.tickets.delete(ticket);
    if (this.tickets.size >= MAX_TICKETS) throw signInFailure();
    const ticket = randomBytes(24).toString('base64url');
    this.tickets.set(ticket, { requestId, profile, until: now + TICKET_MS });
    return ticket;
  }

  /**
   * Signs in the person of a checked answer, in the browser that started its request only:
   * `startedHere` are the request ids this browser's session began. The ticket is used up.
   */
  async finish(ticket: string, startedHere: readonly string[]): Promise<UserRow> {
    const answer = this.tickets.get(ticket);
    this.tickets.delete(ticket);
    if (!answer || answer.until <= Date.now() || !startedHere.includes(answer.requestId)) {
      throw signInFailure();
    }
    const { profile } = answer;
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
